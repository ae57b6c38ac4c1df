// The console's single sign-on end to end (docs/console.md#single-sign-on): a real server process
// (dist/main.js) configured with CONSOLE_OIDC_* and trusting the test's certificate authority through
// NODE_EXTRA_CA_CERTS, a real OpenID provider over HTTPS (test/helpers/oidc-provider.ts), and every
// redirect followed by hand: console → provider login → consent → callback. An editor changes the
// catalog (recorded as console:<sub> with the name), a viewer reads and is refused a change, a person
// without a role, a tampered state and a replayed callback are refused without a session, and a server
// that does not trust the provider's certificate says so. A sign-in begun on one instance and finished
// on another (PostgreSQL): oidc.postgres.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, signInAtProvider, type HttpAnswer, type TestProvider } from '../helpers/oidc-provider.ts';
import { freePort, processEnvironment, startServer, type ProcessEnvironment, type ServerProcess } from '../helpers/process.ts';
import { ADMIN, begin, callbackOn, Person, startSignOnSetup, type SignOnSetup } from './oidc-processes.ts';

const SSO_BUTTON = /<a [^>]*role="button"[^>]*href="\/console\/sign-in\/sso"[^>]*>Sign in with single sign-on<\/a>/;

let provider: TestProvider;
let publicUrl: string;
let server: ServerProcess;

async function adminToken(): Promise<string> {
  const answer = await request(`${server.baseUrl}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: ADMIN.id, client_secret: ADMIN.secret }).toString(),
  });
  expect(answer.status).toBe(200);
  return (JSON.parse(answer.body) as { access_token: string }).access_token;
}

async function auditEventsOf(
  actor: string,
): Promise<Array<{ actor: Record<string, string>; entity: string; entityId: string; action: string }>> {
  const answer = await request(`${server.baseUrl}/admin/v1/audit-events?actor=${encodeURIComponent(actor)}`, {
    headers: { authorization: `Bearer ${await adminToken()}` },
  });
  expect(answer.status, answer.body).toBe(200);
  return (
    JSON.parse(answer.body) as { content: Array<{ actor: Record<string, string>; entity: string; entityId: string; action: string }> }
  ).content;
}

/** Signs `login` in through the provider; returns the callback's answer. */
async function signIn(person: Person, login: string, returnTo?: string): Promise<HttpAnswer> {
  const { authorizationUrl } = await begin(person, returnTo);
  const callback = await signInAtProvider(authorizationUrl, login, provider.ca);
  return person.get(callbackOn(server, callback));
}

let setup: SignOnSetup | undefined;

beforeAll(async () => {
  setup = await startSignOnSetup();
  ({ provider, publicUrl, server } = setup);
}, 120_000);

afterAll(async () => {
  await setup?.close();
});

describe('console single sign-on through a real provider', () => {
  it('offers "Sign in with single sign-on" beside the client form', async () => {
    const page = await new Person(server.baseUrl).get('/console');
    expect(page.status).toBe(200);
    expect(page.body).toMatch(SSO_BUTTON);
    expect(page.body).toContain('name="clientId"');
  });

  it('sends the browser to the provider with PKCE S256, state and nonce, keeping them under a short-lived cookie', async () => {
    const person = new Person(server.baseUrl);
    const { answer, authorizationUrl } = await begin(person);
    expect(authorizationUrl.origin).toBe(provider.issuer);
    const params = authorizationUrl.searchParams;
    expect(params.get('redirect_uri')).toBe(`${publicUrl}/console/callback`);
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('scope')).toBe('openid profile email');
    for (const name of ['state', 'nonce', 'code_challenge']) expect(params.get(name)).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const cookie = (answer.headers['set-cookie'] ?? []).find((line) => line.startsWith('pms_console_sso='));
    expect(cookie).toMatch(/; Path=\/console; Max-Age=600; HttpOnly; SameSite=Lax/);
    // The cookie holds a key of the database's row, not the state or the verifier.
    expect(cookie).not.toContain(params.get('state')!);
  });

  it('signs an editor in: the session works, and a change is recorded as console:<sub> with the name', async () => {
    const person = new Person(server.baseUrl);
    const callback = await signIn(person, 'editor-1', '/console/merchants');
    expect(callback.status, callback.body).toBe(303);
    expect(callback.location!.pathname + callback.location!.search).toBe('/console/merchants');
    const sessionCookie = (callback.headers['set-cookie'] ?? []).find((line) => line.startsWith('pms_console_session='));
    expect(sessionCookie).toMatch(/HttpOnly; SameSite=Lax/);
    expect(person.jar.cookies.has('pms_console_sso')).toBe(false);

    const home = await person.get('/console');
    expect(home.status).toBe(200);
    expect(home.body).toContain('Signed in as Edith Editor (catalog editor)');

    const created = await person.submit('/console/merchants/new', '/console/merchants/new', { id: 'm-sso-editor', name: 'Made by SSO' });
    expect(created.status, created.body).toBe(303);
    const events = await auditEventsOf('editor-1');
    expect(events).toEqual([
      expect.objectContaining({
        actor: { type: 'console', id: 'editor-1', name: 'Edith Editor' },
        entity: 'merchant',
        entityId: 'm-sso-editor',
        action: 'create',
      }),
    ]);
  });

  it('signs a viewer in: reading works, a change is refused with 403', async () => {
    const person = new Person(server.baseUrl);
    const callback = await signIn(person, 'viewer-1');
    expect(callback.status, callback.body).toBe(303);
    expect(callback.location!.pathname).toBe('/console');
    const merchants = await person.get('/console/merchants');
    expect(merchants.status).toBe(200);
    expect(merchants.body).toContain('Signed in as Victor Viewer (catalog viewer, read only)');
    const change = await person.submit('/console/merchants/m-nordic-home', '/console/merchants/m-nordic-home', {
      name: 'Renamed by a viewer',
    });
    expect(change.status).toBe(403);
    expect(change.body).toContain('You may read the catalog but not change it');
    expect(await auditEventsOf('viewer-1')).toEqual([]);
  });

  it('refuses a person with neither role: a 403 page and no session', async () => {
    const person = new Person(server.baseUrl);
    const callback = await signIn(person, 'norole-1');
    expect(callback.status).toBe(403);
    expect(callback.body).toContain('Nora Norole has neither the catalog-editor nor the catalog-viewer role');
    expect(callback.headers['set-cookie']?.some((line) => line.startsWith('pms_console_session='))).toBeFalsy();
    const after = await person.get('/console/merchants');
    expect(after.status).toBe(303);
    expect(after.location!.pathname).toBe('/console');
  });

  it('refuses a callback whose state was tampered with, and that sign-in cannot be finished afterwards', async () => {
    const person = new Person(server.baseUrl);
    const { authorizationUrl } = await begin(person);
    const callback = await signInAtProvider(authorizationUrl, 'editor-1', provider.ca);
    const tampered = new URL(callback);
    tampered.searchParams.set('state', `${callback.searchParams.get('state')}x`);
    const refused = await person.get(callbackOn(server, tampered));
    expect(refused.status).toBe(400);
    expect(refused.body).toContain('its state differs');
    expect(refused.headers['set-cookie']?.some((line) => line.startsWith('pms_console_session='))).toBeFalsy();
    // The pending sign-in was used up by the attempt: the genuine answer no longer signs in either.
    const genuine = await person.get(callbackOn(server, callback));
    expect(genuine.status).toBe(400);
    expect((await person.get('/console/merchants')).status).toBe(303);
  });

  it('refuses a replayed callback, even with the pending sign-in’s cookie', async () => {
    const person = new Person(server.baseUrl);
    const { authorizationUrl } = await begin(person);
    const pendingKey = person.jar.cookies.get('pms_console_sso')!;
    const callback = await signInAtProvider(authorizationUrl, 'editor-1', provider.ca);
    expect((await person.get(callbackOn(server, callback))).status).toBe(303);

    const attacker = new Person(server.baseUrl);
    attacker.jar.cookies.set('pms_console_sso', pendingKey);
    const replayed = await attacker.get(callbackOn(server, callback));
    expect(replayed.status).toBe(400);
    expect(replayed.body).toContain('already finished');
    expect(replayed.headers['set-cookie']?.some((line) => line.startsWith('pms_console_session='))).toBeFalsy();
    expect((await attacker.get('/console/merchants')).status).toBe(303);
  });

  it('returns only to a page of the console', async () => {
    const person = new Person(server.baseUrl);
    const callback = await signIn(person, 'viewer-1', 'https://evil.test/console');
    expect(callback.status).toBe(303);
    expect(callback.location!.href).toBe(`${server.baseUrl}/console`);
  });
});

describe('a server that does not trust the provider’s certificate', () => {
  let untrusting: ServerProcess;
  let own: ProcessEnvironment;
  beforeAll(async () => {
    // A database of its own: a PGlite data directory serves one process.
    own = await processEnvironment('console-oidc-untrusting', {}, {}, { migrated: true });
    const port = await freePort();
    // No NODE_EXTRA_CA_CERTS: the system's authorities only, which never signed the test's certificate.
    untrusting = await startServer(
      {
        ...own.env,
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        CONSOLE_OIDC_ISSUER: provider.issuer,
        CONSOLE_OIDC_CLIENT_ID: provider.clientId,
        CONSOLE_OIDC_CLIENT_SECRET: provider.clientSecret,
      },
      60_000,
    );
  }, 60_000);
  afterAll(async () => {
    untrusting?.child.kill('SIGTERM');
    await untrusting?.exited;
    await own?.close();
  });

  it('fails the sign-in with a clear error page, and never reaches the provider’s login', async () => {
    const person = new Person(untrusting.baseUrl);
    const answer = await person.get('/console/sign-in/sso');
    expect(answer.status).toBe(502);
    expect(answer.headers['content-type']).toContain('text/html');
    expect(answer.body).toContain(`The single sign-on provider ${provider.issuer} could not be reached`);
    expect(answer.body).toMatch(
      /its TLS certificate is not trusted \((SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT_LOCALLY)\)/,
    );
    expect(answer.headers['set-cookie']?.some((line) => line.startsWith('pms_console_session='))).toBeFalsy();
  });
});
