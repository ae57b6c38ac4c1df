// The shapes of the console's forms: a form that saves (its refusals summarised above it), an
// entity page's edit and delete sections, the buttons of a previewed form, and the page that shows
// a new secret once.
import type { Children } from '@kitajs/html';
import type { FormState } from '../../../services/console/form-values.ts';
import type { ConsoleSession } from '../../../services/console/sessions.ts';
import { escape } from './escape.ts';
import { ErrorSummary } from './fields.tsx';
import { CsrfField, Page, PostButton, type Section } from './layout.tsx';

export interface SaveFormProps {
  session: ConsoleSession;
  form: FormState;
  action: string;
  /** Whether the form shows a field of this name (its refusal beside it, not in the summary). */
  shown: (name: string) => boolean;
  /** Before the fields: the button Enter presses, when it is not the first one below. */
  first?: Children;
  /** The buttons below the fields; default: Save. */
  buttons?: Children;
  children?: Children;
}

export function SaveForm(props: SaveFormProps): JSX.Element {
  const { first, buttons, children } = props;
  return (
    <>
      <ErrorSummary form={props.form} shown={props.shown} />
      <form method="post" action={escape(props.action)} class="stacked" novalidate>
        <CsrfField session={props.session} />
        {first}
        {children}
        {buttons ?? <button type="submit">Save</button>}
      </form>
    </>
  );
}

/** Preview and Save side by side (a change shoppers might notice is previewed first). */
export function PreviewSaveButtons(): JSX.Element {
  return (
    <div class="actions">
      <button type="submit" class="secondary" name="_action" value="preview">
        Preview
      </button>
      <button type="submit" name="_action" value="save">
        Save
      </button>
    </div>
  );
}

export interface EditFormProps {
  session: ConsoleSession;
  /** `merchant`, `store` …: the sections' headings name it. */
  what: string;
  /** The entity's name, in its delete button. */
  name: string;
  path: string;
  deleteNote?: string;
  /** Sections between the edit and the deletion (the secret's rotation). */
  between?: Children;
  /** The deletion's own section body instead of the note and the button (a link to a confirmation). */
  deletion?: Children;
  children: Children;
}

/** An entity page's editor sections: its form, then how to delete it. */
export function EditForm(props: EditFormProps): JSX.Element {
  const { children, between, deletion } = props;
  return (
    <>
      <h2>Edit {escape(props.what)}</h2>
      {children}
      {between}
      <h2>Delete {escape(props.what)}</h2>
      {deletion ?? (
        <>
          {props.deleteNote ? <p>{escape(props.deleteNote)}</p> : ''}
          <div class="actions">
            <PostButton session={props.session} action={`${props.path}/delete`} label={`Delete ${props.what} ${props.name}`} danger />
          </div>
        </>
      )}
    </>
  );
}

/** A secret's rotation section: why, and the button. */
export function RotateSection(props: { session: ConsoleSession; action: string; children: Children }): JSX.Element {
  return (
    <>
      <h2>Secret</h2>
      <p>{props.children}</p>
      <div class="actions">
        <PostButton session={props.session} action={props.action} label="Rotate secret" />
      </div>
    </>
  );
}

export interface SecretPageProps {
  session: ConsoleSession;
  title: string;
  section: Section;
  notice: JSX.Element;
  heading: string;
  advice: string;
  /** The id of the element holding the secret. */
  id: string;
  secret: string;
  next: { href: string; label: string };
}

/** The page that shows a secret, once: creation and rotation answer with it, nothing else ever shows it. */
export function SecretPage(props: SecretPageProps): JSX.Element {
  const { notice } = props;
  return (
    <Page title={props.title} session={props.session} section={props.section}>
      <p class="notice" role="status">
        {notice}
      </p>
      <h2>{escape(props.heading)}</h2>
      <p>{escape(props.advice)}</p>
      <p class="secret" id={props.id}>
        {escape(props.secret)}
      </p>
      <p>
        <a href={escape(props.next.href)}>{escape(props.next.label)}</a>
      </p>
    </Page>
  );
}
