// The sign-in page (docs/console.md#sign-in) and the home page a signed-in person lands on.
import { emptyForm, type FormState } from '../../../services/console/form-values.ts';
import type { ConsoleSession } from '../../../services/console/sessions.ts';
import { TextField } from './fields.tsx';
import { Page } from './layout.tsx';

export interface SignInProps {
  /** The admin client's form and the token its cookie pairs it with; absent when that way is turned off. */
  clientForm?: { form?: FormState | undefined; token: string } | undefined;
  problem?: string | undefined;
  notice?: string | undefined;
  /** Whether single sign-on is offered, below the client form. */
  singleSignOn: boolean;
}

export function SignInPage(props: SignInProps): JSX.Element {
  return (
    <Page title="Sign in" problem={props.problem} notice={props.notice}>
      <p>The operator's console for the payment method catalog: merchants, stores, payment methods, clients and the audit trail.</p>
      {props.clientForm ? <ClientSignInForm form={props.clientForm.form ?? emptyForm()} token={props.clientForm.token} /> : ''}
      {props.singleSignOn && <SingleSignOnButton />}
    </Page>
  );
}

function ClientSignInForm({ form, token }: { form: FormState; token: string }): JSX.Element {
  return (
    <form method="post" action="/console/sign-in" class="stacked" novalidate>
      <input type="hidden" name="_csrf" value={token} />
      <fieldset>
        <legend>Sign in with an admin client</legend>
        <TextField form={form} name="clientId" label="Client ID" required autocomplete="username" />
        <TextField form={form} name="clientSecret" label="Client secret" type="password" required autocomplete="current-password" />
        <button type="submit">Sign in</button>
      </fieldset>
    </form>
  );
}

/** The way to single sign-on (docs/console.md#single-sign-on): a link, since it leaves for the provider, shown as a button. */
function SingleSignOnButton(): JSX.Element {
  return (
    <p class="single-sign-on">
      <a class="button" role="button" href="/console/sign-in/sso">
        Sign in with single sign-on
      </a>
    </p>
  );
}

const SECTIONS = [
  ['/console/merchants', 'Merchants', 'their stores and clients'],
  ['/console/stores', 'Stores', 'and their payment methods, with plans, legal links, campaigns, translations and windows'],
  ['/console/clients', 'Clients', 'OAuth clients of the merchant and admin interfaces; secrets are shown once'],
  ['/console/audit', 'Audit trail', 'every catalog change, who made it and when'],
  ['/console/keys', 'Signing keys', 'rotation of the key that signs access tokens'],
] as const;

export function HomePage({ session }: { session: ConsoleSession }): JSX.Element {
  return (
    <Page title="Operator console" session={session} section="home">
      <ul>
        {SECTIONS.map(([href, label, text]) => (
          <li>
            <a href={href}>{label}</a>: {text}
          </li>
        ))}
      </ul>
    </Page>
  );
}
