// The operator console's sign-in, session and protections (docs/console.md): an admin client signs
// in with its id and secret; the session cookie's flags, idle and absolute expiry, sign-out; CSRF
// and cross-site refusals that change nothing; the headers of every page; read-only viewers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_SESSION_ABSOLUTE_MS, CONSOLE_SESSION_IDLE_MS, CONSOLE_SESSION_TOUCH_MS } from '../../src/services/console/sessions.ts';
import { demoCatalog, issueToken, manualClock, startTestService, withAdminClient, type TestService } from '../helpers/app.ts';
import { catalogSnapshot } from '../helpers/database.ts';
import { NORDIC, STORE } from '../helpers/demo.ts';
import { CONSOLE_ADMIN, CONSOLE_PAGES, ConsoleUser, csrfOf, expectConsoleHeaders, personSignedIn } from './harness.ts';

const ADMIN = CONSOLE_ADMIN;
const clock = manualClock();
let service: TestService;

beforeAll(async () => {
  // A small failure budget, so that the test of it needs few key derivations.
  service = await startTestService({
    catalog: withAdminClient(await demoCatalog(), ADMIN),
    clock,
    env: { RATE_LIMIT_TOKEN_PER_MINUTE: '5' },
  });
});

afterAll(async () => {
  await service?.close();
});

async function signedIn(): Promise<ConsoleUser> {
  const user = new ConsoleUser(service.app);
  const response = await user.signIn(ADMIN.id, ADMIN.secret);
  expect(response.statusCode, response.body).toBe(303);
  return user;
}

function snapshot() {
  return catalogSnapshot(service.database.handle.db);
}

describe('sign-in', () => {
  it('serves the sign-in form at /console, with labelled fields', async () => {
    const response = await new ConsoleUser(service.app).get('/console');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expectConsoleHeaders(response);
    expect(response.body).toMatch(/<label for="f-clientId">Client ID<\/label>/);
    expect(response.body).toMatch(/<label for="f-clientSecret">Client secret<\/label>/);
    expect(response.body).toContain('<button type="submit">Sign in</button>');
    expect(response.body).not.toContain('Sign in with single sign-on');
  });

  it('signs an admin client in with an HttpOnly, SameSite=Lax cookie and shows who is signed in', async () => {
    const user = new ConsoleUser(service.app);
    const response = await user.signIn(ADMIN.id, ADMIN.secret);
    expect(response.statusCode, response.body).toBe(303);
    expect(response.headers.location).toBe('/console');
    const cookie = [response.headers['set-cookie']].flat().find((c) => String(c).startsWith('pms_console_session='));
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\/console/);
    // PUBLIC_URL is http here: no Secure flag (a browser would refuse to send it back).
    expect(cookie).not.toMatch(/Secure/);
    const home = await user.get('/console');
    expect(home.body).toContain(`Signed in as ${ADMIN.id} (catalog editor)`);
    expect(home.body).toContain('<button type="submit">Sign out</button>');
  });

  it('marks the cookie Secure when PUBLIC_URL is https', async () => {
    const https = await startTestService({
      catalog: withAdminClient(await demoCatalog(), ADMIN),
      env: { PUBLIC_URL: 'https://console.pms.test' },
    });
    try {
      const user = new ConsoleUser(https.app, 'https://console.pms.test');
      const response = await user.signIn(ADMIN.id, ADMIN.secret);
      expect(response.statusCode, response.body).toBe(303);
      const cookie = [response.headers['set-cookie']].flat().find((c) => String(c).startsWith('pms_console_session='));
      expect(cookie).toMatch(/; HttpOnly; SameSite=Lax; Secure$/);
    } finally {
      await https.close();
    }
  });

  it('stores only a hash of the cookie token', async () => {
    const user = await signedIn();
    const token = user.cookies.get('pms_console_session')!;
    const rows = await service.database.handle.db.selectFrom('console_sessions').select('token_hash').execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.token_hash)).not.toContain(token);
  });

  it('refuses a wrong secret with 401 and no session', async () => {
    const user = new ConsoleUser(service.app);
    const response = await user.signIn(ADMIN.id, 'not-the-secret');
    expect(response.statusCode).toBe(401);
    expect(response.body).toContain('The client ID or the client secret is wrong.');
    expect(user.cookies.has('pms_console_session')).toBe(false);
    // The ID is kept in the form, the secret never.
    expect(response.body).toContain(`value="${ADMIN.id}"`);
    expect(response.body).not.toContain('not-the-secret');
  });

  it('refuses a client without the admin scope', async () => {
    const user = new ConsoleUser(service.app);
    const response = await user.signIn(NORDIC.id, NORDIC.secret);
    expect(response.statusCode).toBe(403);
    expect(response.body).toContain('lacks the scope admin');
    expect(user.cookies.has('pms_console_session')).toBe(false);
  });

  it('counts failed sign-ins against the token endpoint budget: over it, 429 even with the right secret', async () => {
    const client = { id: 'ops-budget', secret: 'ops-budget-secret-1a2b3c4d5e' };
    await service.ctx.admin.clients.put(
      client.id,
      { merchantId: 'm-operator', scopes: ['admin'], clientSecret: client.secret },
      { type: 'cli', id: 'test' },
    );
    const user = new ConsoleUser(service.app);
    let last = 0;
    for (let i = 0; i < 10 && last !== 429; i++) last = (await user.signIn(client.id, `wrong-${i}`)).statusCode;
    expect(last).toBe(429);
    const response = await user.signIn(client.id, client.secret);
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toMatch(/^\d+$/);
    clock.advance(120_000);
  });

  it('limits sign-in attempts per address like the other unauthenticated routes: over it, a 429 page with Retry-After', async () => {
    const limited = await startTestService({
      catalog: withAdminClient(await demoCatalog(), ADMIN),
      env: { RATE_LIMIT_STOREFRONT_PER_MINUTE: '2' },
    });
    try {
      const user = new ConsoleUser(limited.app);
      // Empty fields: refused before any key derivation, yet each attempt counts. Each answer is the
      // form again, with a new token.
      let form = (await user.get('/console')).body;
      const attempt = async () => {
        const response = await user.post('/console/sign-in', { _csrf: csrfOf(form), clientId: ADMIN.id, clientSecret: '' });
        form = response.body;
        return response;
      };
      expect((await attempt()).statusCode).toBe(400);
      expect((await attempt()).statusCode).toBe(400);
      const over = await attempt();
      expect(over.statusCode).toBe(429);
      expect(Number(over.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(over.headers['content-type']).toMatch(/^text\/html/);
      expectConsoleHeaders(over);
      // The right secret too, until the window passes; the sign-in page itself is not limited.
      const right = await user.signIn(ADMIN.id, ADMIN.secret);
      expect(right.statusCode).toBe(429);
      expect([right.headers['set-cookie']].flat().some((c) => String(c).startsWith('pms_console_session='))).toBe(false);
      expect((await user.get('/console')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('refuses a sign-in form without its token', async () => {
    const user = new ConsoleUser(service.app);
    await user.get('/console');
    const response = await user.post('/console/sign-in', { clientId: ADMIN.id, clientSecret: ADMIN.secret });
    expect(response.statusCode).toBe(403);
    expect(user.cookies.has('pms_console_session')).toBe(false);
  });

  it('marks an empty field as refused, next to the field', async () => {
    const user = new ConsoleUser(service.app);
    const page = await user.get('/console');
    const response = await user.post('/console/sign-in', { _csrf: csrfOf(page.body), clientId: '', clientSecret: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toMatch(/id="f-clientId"[^>]*aria-invalid="true" aria-describedby="f-clientId-error"/);
    expect(response.body).toContain('<span class="error" id="f-clientId-error">Enter the client ID</span>');
  });
});

describe('session', () => {
  it('ends after 30 idle minutes (at most a minute later)', async () => {
    const user = await signedIn();
    clock.advance(CONSOLE_SESSION_IDLE_MS - 60_000);
    expect((await user.get('/console/merchants')).statusCode).toBe(200);
    clock.advance(CONSOLE_SESSION_IDLE_MS - 1000);
    expect((await user.get('/console/merchants')).statusCode).toBe(200);
    clock.advance(CONSOLE_SESSION_IDLE_MS + CONSOLE_SESSION_TOUCH_MS);
    const response = await user.get('/console/merchants');
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/console');
  });

  it('never ends before 30 idle minutes, also after requests that did not record themselves', async () => {
    // Requests within a minute of the last recorded one do not write: the deadline kept must still
    // be 30 minutes after each of them. Checked just after sign-in and just after a recorded request.
    const user = await signedIn();
    for (let round = 0; round < 2; round++) {
      clock.advance(CONSOLE_SESSION_TOUCH_MS - 1);
      expect((await user.get('/console/merchants')).statusCode).toBe(200);
      clock.advance(CONSOLE_SESSION_IDLE_MS - 1);
      expect((await user.get('/console/merchants')).statusCode, `round ${round}`).toBe(200);
    }
    clock.advance(CONSOLE_SESSION_IDLE_MS + CONSOLE_SESSION_TOUCH_MS);
    expect((await user.get('/console/merchants')).statusCode).toBe(303);
  });

  it('ends 8 hours after sign-in however busy', async () => {
    const user = await signedIn();
    for (let elapsed = 0; elapsed < CONSOLE_SESSION_ABSOLUTE_MS - 20 * 60_000; elapsed += 20 * 60_000) {
      clock.advance(20 * 60_000);
      expect((await user.get('/console/merchants')).statusCode).toBe(200);
    }
    clock.advance(20 * 60_000);
    expect((await user.get('/console/merchants')).statusCode).toBe(303);
  });

  it('sign-out deletes the session: the old cookie no longer works', async () => {
    const user = await signedIn();
    const oldCookie = user.cookieHeader();
    const page = await user.get('/console');
    const response = await user.post('/console/sign-out', { _csrf: csrfOf(page.body) });
    expect(response.statusCode).toBe(303);
    expect(user.cookies.has('pms_console_session')).toBe(false);
    const replayed = await service.app.inject({ method: 'GET', url: '/console/merchants', headers: { cookie: oldCookie } });
    expect(replayed.statusCode).toBe(303);
  });

  it('the purge job deletes ended sessions', async () => {
    await signedIn();
    clock.advance(CONSOLE_SESSION_ABSOLUTE_MS + 1000);
    await service.ctx.sessionPurge.purgeOnce();
    const rows = await service.database.handle.db.selectFrom('console_sessions').select('token_hash').execute();
    expect(rows).toEqual([]);
  });

  it('GET pages without a session lead to the sign-in page; POSTs are refused', async () => {
    const user = new ConsoleUser(service.app);
    const response = await user.get(`/console/stores/${STORE}`);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/console');
    const before = await snapshot();
    const post = await user.post(`/console/stores/${STORE}/delete`, { _csrf: 'x' });
    expect(post.statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
  });
});

describe("a client's session follows its client", () => {
  const OPS = { id: 'ops-revoked', secret: 'ops-revoked-secret-5e6f7a8b9c', merchantId: 'm-operator' };

  async function adminApi(method: 'PUT' | 'DELETE' | 'POST', url: string, body?: unknown) {
    const token = await issueToken(service.app, ADMIN.id, ADMIN.secret);
    const response = await service.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response;
  }

  /** Creates (or re-creates) the client with the scopes, signs it in, and checks that its session works. */
  async function signedInAs(scopes = ['admin']): Promise<ConsoleUser> {
    await adminApi('PUT', `/admin/v1/clients/${OPS.id}`, { merchantId: OPS.merchantId, scopes, clientSecret: OPS.secret });
    const user = new ConsoleUser(service.app);
    expect((await user.signIn(OPS.id, OPS.secret)).statusCode).toBe(303);
    expect((await user.get('/console/merchants')).statusCode).toBe(200);
    return user;
  }

  /** The session no longer works: a page leads to the sign-in form, a change is refused and changes nothing. */
  async function expectEnded(user: ConsoleUser, csrf: string): Promise<void> {
    const page = await user.get('/console/merchants');
    expect(page.statusCode).toBe(303);
    expect(page.headers.location).toBe('/console');
    const before = await snapshot();
    const change = await user.post('/console/merchants/m-nordic-home', { _csrf: csrf, name: 'Renamed after revocation' });
    expect(change.statusCode).toBe(403);
    expect(change.body).toContain('Your session has ended');
    expect(await snapshot()).toEqual(before);
  }

  it('ends when the client is deleted, and stays ended when a client of that id is created again', async () => {
    const user = await signedInAs();
    const csrf = csrfOf((await user.get('/console')).body);
    await adminApi('DELETE', `/admin/v1/clients/${OPS.id}`);
    await expectEnded(user, csrf);
    await adminApi('PUT', `/admin/v1/clients/${OPS.id}`, { merchantId: OPS.merchantId, scopes: ['admin'], clientSecret: OPS.secret });
    expect((await user.get('/console/merchants')).statusCode).toBe(303);
  });

  it('ends when the client loses the scope admin, and stays ended when it is given back', async () => {
    const user = await signedInAs();
    const csrf = csrfOf((await user.get('/console')).body);
    await adminApi('PUT', `/admin/v1/clients/${OPS.id}`, { merchantId: OPS.merchantId, scopes: ['merchant-api'] });
    await expectEnded(user, csrf);
    await adminApi('PUT', `/admin/v1/clients/${OPS.id}`, { merchantId: OPS.merchantId, scopes: ['admin'] });
    expect((await user.get('/console/merchants')).statusCode).toBe(303);
  });

  it('ends when the client’s secret is rotated (the secret it signed in with no longer works)', async () => {
    const user = await signedInAs();
    const csrf = csrfOf((await user.get('/console')).body);
    await adminApi('POST', `/admin/v1/clients/${OPS.id}/secret`);
    await expectEnded(user, csrf);
  });

  it('ends after rotating its own client’s secret in the console, whose answer says so beside the new secret', async () => {
    const user = await signedInAs();
    const rotated = await user.submit(`/console/clients/${OPS.id}`, `/console/clients/${OPS.id}/rotate`, {});
    expect(rotated.statusCode).toBe(200);
    expect(rotated.body).toContain('id="client-secret"');
    expect(rotated.body).toContain('Your console session, signed in with the old one, has ended too');
    expect((await user.get('/console/merchants')).statusCode).toBe(303);
  });

  it('checks a session an older release started (no secret remembered) for the client and its scope', async () => {
    const user = await signedInAs();
    await service.database.handle.db.updateTable('console_sessions').set({ client_secret_digest: null }).execute();
    await adminApi('POST', `/admin/v1/clients/${OPS.id}/secret`);
    expect((await user.get('/console/merchants')).statusCode).toBe(200);
    await adminApi('DELETE', `/admin/v1/clients/${OPS.id}`);
    expect((await user.get('/console/merchants')).statusCode).toBe(303);
  });

  it('goes on through changes that leave the client able to sign in: other clients, its own merchant', async () => {
    const user = await signedInAs();
    await adminApi('PUT', `/admin/v1/clients/${NORDIC.id}`, { merchantId: 'm-nordic-home', scopes: ['merchant-api'] });
    await adminApi('PUT', `/admin/v1/clients/${OPS.id}`, { merchantId: 'm-nordic-home', scopes: ['admin', 'merchant-api'] });
    expect((await user.get('/console/merchants')).statusCode).toBe(200);
  });

  it('ends within the client cache’s second when another instance changes the client (no notification heard)', async () => {
    const user = await signedInAs();
    // As another instance's write looks to this one without LISTEN: the row changes, nothing is announced.
    await service.database.handle.db.deleteFrom('clients').where('client_id', '=', OPS.id).execute();
    clock.advance(1000);
    expect((await user.get('/console/merchants')).statusCode).toBe(303);
  });
});

describe('cross-site requests', () => {
  it('refuses a POST without the CSRF token, or with a wrong one, and changes nothing', async () => {
    const user = await signedIn();
    const before = await snapshot();
    for (const fields of [{ name: 'Renamed' }, { _csrf: 'wrong', name: 'Renamed' }] as Array<Record<string, string>>) {
      const response = await user.post('/console/merchants/m-nordic-home', fields);
      expect(response.statusCode).toBe(403);
      expectConsoleHeaders(response);
    }
    // Another session's token does not do either.
    const other = await signedIn();
    const otherToken = csrfOf((await other.get('/console')).body);
    expect((await user.post('/console/merchants/m-nordic-home', { _csrf: otherToken, name: 'Renamed' })).statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a cross-site form post even with the right token', async () => {
    const user = await signedIn();
    const token = csrfOf((await user.get('/console')).body);
    const before = await snapshot();
    for (const headers of [
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'null' },
      { 'sec-fetch-site': 'same-site' },
    ] as Array<Record<string, string>>) {
      const response = await user.post(`/console/stores/${STORE}/delete`, { _csrf: token }, headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a cross-site sign-in', async () => {
    const user = new ConsoleUser(service.app);
    const page = await user.get('/console');
    const response = await user.post(
      '/console/sign-in',
      { _csrf: csrfOf(page.body), clientId: ADMIN.id, clientSecret: ADMIN.secret },
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    );
    expect(response.statusCode).toBe(403);
    expect(user.cookies.has('pms_console_session')).toBe(false);
  });
});

describe('bodies', () => {
  it('refuses a form over 64 KiB (413) and a body that is not a form (415), as pages, changing nothing', async () => {
    const user = await signedIn();
    const token = csrfOf((await user.get('/console')).body);
    const before = await snapshot();
    const big = await user.post('/console/merchants/m-nordic-home', { _csrf: token, name: 'x'.repeat(70_000) });
    expect(big.statusCode).toBe(413);
    expectConsoleHeaders(big);
    expect(big.headers['content-type']).toMatch(/^text\/html/);
    const json = await service.app.inject({
      method: 'POST',
      url: '/console/merchants/m-nordic-home',
      headers: { cookie: user.cookieHeader(), 'content-type': 'application/json', origin: 'http://pms.test' },
      payload: JSON.stringify({ _csrf: token, name: 'JSON' }),
    });
    expect(json.statusCode).toBe(415);
    expectConsoleHeaders(json);
    expect(await snapshot()).toEqual(before);
  });
});

describe('viewers', () => {
  it('see no change forms and get 403 on every change', async () => {
    const viewer = await personSignedIn(service, { actorId: 'sub-viewer', displayName: 'Vera Viewer', role: 'catalog-viewer' });
    const store = await viewer.get(`/console/stores/${STORE}`);
    expect(store.statusCode).toBe(200);
    expect(store.body).toContain('Signed in as Vera Viewer (catalog viewer, read only)');
    expect(store.body).not.toContain('<button type="submit">Save</button>');
    expect(store.body).not.toContain('New payment method');
    expect(store.body).not.toContain('Delete store');
    expect((await viewer.get('/console/merchants/new')).statusCode).toBe(403);
    const token2 = csrfOf(store.body);
    const before = await snapshot();
    for (const url of [
      '/console/merchants/new',
      '/console/merchants/m-nordic-home',
      `/console/stores/${STORE}`,
      `/console/stores/${STORE}/delete`,
    ]) {
      const response = await viewer.post(url, { _csrf: token2, id: 'm-x', name: 'X', merchantId: 'm-nordic-home', currency: 'SEK' });
      expect(response.statusCode, url).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
    // Signing out is not a change of the catalog: viewers may.
    expect((await viewer.post('/console/sign-out', { _csrf: token2 })).statusCode).toBe(303);
  });
});

describe('every page', () => {
  it('carries the CSP, no framing and no caching; the stylesheet is the only style', async () => {
    const user = await signedIn();
    for (const url of [...CONSOLE_PAGES, '/console/console.css', '/console/stores/not-a-store', '/console/no-such-page']) {
      const response = await user.get(url);
      expectConsoleHeaders(response);
      expect(response.body).not.toMatch(/<script|style=|<style|onclick=/i);
    }
    expect((await user.get('/console/stores/not-a-store')).statusCode).toBe(404);
    const unknown = await new ConsoleUser(service.app).get('/console/no-such-page?x=1');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('No route GET /console/no-such-page');
  });
});
