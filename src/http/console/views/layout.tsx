// The console's page frame (docs/console.md#accessibility): landmarks, a skip link, the navigation
// with the current section, who is signed in and the sign-out button, a notice or a problem above
// the heading. Shared pieces of every page are here too: the CSRF field, one-button forms, links.
import type { Children } from '@kitajs/html';
import type { ConsoleSession } from '../../../services/console/sessions.ts';
import { escape } from './escape.ts';

/** Where a page sits in the navigation (aria-current). */
export type Section = 'home' | 'merchants' | 'stores' | 'clients' | 'audit' | 'keys';

const NAVIGATION: Array<{ section: Section; href: string; label: string }> = [
  { section: 'merchants', href: '/console/merchants', label: 'Merchants' },
  { section: 'stores', href: '/console/stores', label: 'Stores' },
  { section: 'clients', href: '/console/clients', label: 'Clients' },
  { section: 'audit', href: '/console/audit', label: 'Audit trail' },
  { section: 'keys', href: '/console/keys', label: 'Signing keys' },
];

export interface PageProps {
  title: string;
  session?: ConsoleSession | undefined;
  section?: Section;
  /** A confirmation shown above the heading (role=status). */
  notice?: string | undefined;
  /** A problem with the whole request shown above the heading (role=alert). */
  problem?: string | undefined;
  children?: Children;
}

export function Page(props: PageProps): JSX.Element {
  const { session, notice, problem, children } = props;
  // Strings: no view of the console is asynchronous (data is fetched by the routes before).
  const document = (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="same-origin" />
        <title>{escape(props.title)} — Operator console</title>
        <link rel="stylesheet" href="/console/console.css" />
      </head>
      <body>
        <a class="skip-link" href="#main">
          Skip to main content
        </a>
        <header class="site">
          <a class="brand" href="/console">
            Operator console
          </a>
          {session ? <SignedIn session={session} section={props.section} /> : ''}
        </header>
        <main id="main" tabindex="-1">
          {notice ? (
            <p class="notice" role="status">
              {escape(notice)}
            </p>
          ) : (
            ''
          )}
          {problem ? (
            <p class="problem" role="alert">
              {escape(problem)}
            </p>
          ) : (
            ''
          )}
          <h1>{escape(props.title)}</h1>
          {children}
        </main>
      </body>
    </html>
  ) as string;
  return '<!doctype html>' + document;
}

function SignedIn({ session, section }: { session: ConsoleSession; section?: Section | undefined }): JSX.Element {
  const role = session.person.role === 'catalog-editor' ? 'catalog editor' : 'catalog viewer, read only';
  return (
    <>
      <nav aria-label="Main">
        <ul>
          {NAVIGATION.map((item) => (
            <li>
              <a href={item.href} aria-current={item.section === section ? 'page' : undefined}>
                {escape(item.label)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <span class="who">
        Signed in as {escape(session.person.displayName)} ({role})
      </span>
      <form method="post" action="/console/sign-out">
        <CsrfField session={session} />
        <button type="submit">Sign out</button>
      </form>
    </>
  );
}

/** May this person change the catalog (forms and buttons shown, change routes allowed)? */
export function canEdit(session: ConsoleSession | undefined): boolean {
  return session?.person.role === 'catalog-editor';
}

/** The hidden field every console form carries (docs/console.md#cross-site-requests). */
export function CsrfField({ session, token }: { session?: ConsoleSession; token?: string }): JSX.Element {
  return <input type="hidden" name="_csrf" value={escape(token ?? session?.csrfToken ?? '')} />;
}

/** A one-button form posting to `action` (delete, rotate …). */
export function PostButton(props: { session: ConsoleSession; action: string; label: string; danger?: boolean }): JSX.Element {
  return (
    <form method="post" action={escape(props.action)}>
      <CsrfField session={props.session} />
      <button type="submit" class={props.danger ? 'danger' : 'secondary'}>
        {escape(props.label)}
      </button>
    </form>
  );
}

/** A link above a list or a section ("New store of …"), shown to editors only. */
export function EditorLink(props: { session: ConsoleSession; href: string; label: string }): JSX.Element {
  return canEdit(props.session) ? (
    <p>
      <a href={escape(props.href)}>{escape(props.label)}</a>
    </p>
  ) : (
    ''
  );
}

export function HomeLink(): JSX.Element {
  return (
    <p>
      <a href="/console">Back to the console</a>
    </p>
  );
}
