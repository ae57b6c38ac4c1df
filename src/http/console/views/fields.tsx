// Form fields (docs/console.md#accessibility): each labelled with the catalog field's name in
// words (`maxPurchaseLimit` → "Max purchase limit") unless given a label, a hint tied to it, and a
// refused field's message beside it (aria-invalid, aria-describedby). A field's name is its path
// in the admin API's body (`plans[0].name`), its value read from the form's nested values there.
import { LANGUAGES } from '../../../domain/languages.ts';
import { valueAt, type FormState } from '../../../services/console/form-values.ts';
import { escape } from './escape.ts';

/** `maxPurchaseLimit` → `Max purchase limit`: the label of a catalog field. */
export function fieldLabel(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** `plans[0].name` → `f-plans-0-name`: an id for the input, and the message's id beside it. */
export function fieldId(name: string): string {
  return `f-${name.replace(/[^A-Za-z0-9]+/g, '-').replace(/-$/, '')}`;
}

export const LANGUAGE_NAMES: Record<(typeof LANGUAGES)[number], string> = {
  sv: 'Swedish',
  nb: 'Norwegian Bokmål',
  da: 'Danish',
  fi: 'Finnish',
  en: 'English',
};

export interface FieldProps {
  form: FormState;
  name: string;
  label?: string;
  hint?: string;
  type?: 'text' | 'number' | 'password' | 'search';
  required?: boolean;
  autocomplete?: string;
  inputmode?: 'decimal' | 'numeric';
  /** The id of a datalist of suggestions. */
  list?: string;
}

function Message(props: { id: string; className: string; text: string }): JSX.Element {
  return (
    <span class={props.className} id={props.id}>
      {escape(props.text)}
    </span>
  );
}

/** What every kind of field shares: its id, label, hint, message and the attributes tying them together. */
function parts(props: FieldProps, hinted = true) {
  const id = fieldId(props.name);
  const error = props.form.errors[props.name];
  const hint = hinted ? props.hint : undefined;
  const described = [hint !== undefined ? `${id}-hint` : '', error !== undefined ? `${id}-error` : ''].filter((x) => x !== '').join(' ');
  return {
    id,
    value: valueAt(props.form.values, props.name) ?? '',
    // aria-invalid before aria-describedby, as the pages have always had them.
    aria: { 'aria-invalid': error !== undefined ? 'true' : undefined, 'aria-describedby': described || undefined },
    label: <label for={id}>{escape(props.label ?? fieldLabel(props.name.replace(/^.*\./, '')))}</label>,
    hint: hint !== undefined ? <Message id={`${id}-hint`} className="hint" text={hint} /> : '',
    error: error !== undefined ? <Message id={`${id}-error`} className="error" text={error} /> : '',
  };
}

export function TextField(props: FieldProps): JSX.Element {
  const { id, value, aria, label, hint, error } = parts(props);
  return (
    <div class="field">
      {label}
      {hint}
      <input
        type={props.type ?? 'text'}
        id={id}
        name={escape(props.name)}
        value={escape(value)}
        required={props.required}
        autocomplete={props.autocomplete}
        inputmode={props.inputmode}
        list={props.list}
        {...aria}
      />
      {error}
    </div>
  );
}

export function TextArea(props: FieldProps): JSX.Element {
  const { id, value, aria, label, hint, error } = parts(props);
  return (
    <div class="field">
      {label}
      {hint}
      {/* A newline first: the HTML parser drops one there, so a value's own first newline survives. */}
      <textarea id={id} name={escape(props.name)} {...aria}>
        {escape('\n' + value)}
      </textarea>
      {error}
    </div>
  );
}

export function Checkbox(props: FieldProps): JSX.Element {
  const { id, value, aria, label, error } = parts(props, false);
  return (
    <div class="field checkbox">
      <input type="checkbox" id={id} name={escape(props.name)} value="on" checked={value === 'on'} {...aria} /> {label}
      {error}
    </div>
  );
}

export function Select(props: FieldProps & { choices: Array<{ value: string; label: string }> }): JSX.Element {
  const { id, value, aria, label, error } = parts(props, false);
  return (
    <div class="field">
      {label}
      <select id={id} name={escape(props.name)} {...aria}>
        {props.choices.map((c) => (
          <option value={escape(c.value)} selected={c.value === value}>
            {escape(c.label)}
          </option>
        ))}
      </select>
      {error}
    </div>
  );
}

/** One field per language and translated field (`translations.sv.name`), labelled "Name in Swedish". */
export function TranslationFields(props: {
  form: FormState;
  prefix?: string | undefined;
  fields: Array<{ field: string; label: string; area?: boolean }>;
}): JSX.Element {
  const fields = LANGUAGES.flatMap((language) =>
    props.fields.map(({ field, label, area }) => {
      const name = `${props.prefix ?? ''}translations.${language}.${field}`;
      const labelled = `${label} in ${LANGUAGE_NAMES[language]}`;
      return area ? (
        <TextArea form={props.form} name={name} label={labelled} />
      ) : (
        <TextField form={props.form} name={name} label={labelled} />
      );
    }),
  );
  return <>{fields}</>;
}

/**
 * The refused fields a form does not show (the whole body, a list as a whole): listed above the
 * form, so that no message is lost; the fields it shows carry their own message.
 */
export function ErrorSummary({ form, shown }: { form: FormState; shown: (name: string) => boolean }): JSX.Element {
  const entries = Object.entries(form.errors);
  if (entries.length === 0) return '';
  const other = entries.filter(([name]) => !shown(name));
  return (
    <div class="problem" role="alert">
      <p>Nothing was saved: {entries.length === 1 ? 'one field was' : escape(`${entries.length} fields were`)} refused.</p>
      {other.length > 0 && (
        <ul>
          {other.map(([name, message]) => (
            <li>
              {name !== '(body)' && (
                <>
                  <code>{escape(name)}</code>:{' '}
                </>
              )}
              {escape(message)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
