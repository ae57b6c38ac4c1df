// Where single sign-on shows on the console's pages (docs/console.md#single-sign-on), in-process: the
// button on the sign-in page beside the client form when CONSOLE_OIDC_* are set; the 502 page when the
// provider cannot be reached; neither the button nor its routes without the settings. (The flow itself
// runs through real processes: oidc.test.ts.)
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCatalog, startTestService, withAdminClient, type TestService } from '../helpers/app.ts';
import { ConsoleUser } from './harness.ts';

const SSO_BUTTON = /<a [^>]*role="button"[^>]*href="\/console\/sign-in\/sso"[^>]*>Sign in with single sign-on<\/a>/;

describe('with single sign-on configured', () => {
  let service: TestService;
  beforeAll(async () => {
    // Nothing is asked of the provider until someone starts a sign-in.
    service = await startTestService({
      env: {
        CONSOLE_OIDC_ISSUER: 'https://id.operator.test/realms/ops',
        CONSOLE_OIDC_CLIENT_ID: 'pms-console',
        CONSOLE_OIDC_CLIENT_SECRET: 'a-secret',
      },
    });
  });
  afterAll(() => service?.close());

  it('shows "Sign in with single sign-on" beside the client form by default, also after a refused client sign-in', async () => {
    const user = new ConsoleUser(service.app);
    const page = await user.get('/console');
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(SSO_BUTTON);
    expect(page.body).toContain('name="clientSecret"');
    const wrong = await user.signIn('no-such-client', 'wrong');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toMatch(SSO_BUTTON);
  });

  it('refuses a callback without a pending sign-in, with the button to start again', async () => {
    const answer = await new ConsoleUser(service.app).get('/console/callback?code=abc&state=def');
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain('This sign-in is unknown, already finished or older than 10 minutes');
    expect(answer.body).toMatch(SSO_BUTTON);
    expect(answer.headers['set-cookie']?.toString()).not.toContain('pms_console_session=');
  });
});

describe('with single sign-on only (CONSOLE_CLIENT_SIGN_IN=false)', () => {
  const ADMIN = { id: 'ops-console', secret: 'ops-console-secret-8c1d4e7f2a', merchantId: 'm-operator' };
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService({
      catalog: withAdminClient(await demoCatalog(), ADMIN),
      env: {
        CONSOLE_OIDC_ISSUER: 'https://id.operator.test/realms/ops',
        CONSOLE_OIDC_CLIENT_ID: 'pms-console',
        CONSOLE_OIDC_CLIENT_SECRET: 'a-secret',
        CONSOLE_CLIENT_SIGN_IN: 'false',
      },
    });
  });
  afterAll(() => service?.close());

  it('offers single sign-on alone: no client form, on the sign-in page or a refusal’s', async () => {
    const user = new ConsoleUser(service.app);
    const page = await user.get('/console');
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(SSO_BUTTON);
    expect(page.body).not.toContain('action="/console/sign-in"');
    expect(page.body).not.toContain('name="clientSecret"');
    const refused = await user.get('/console/callback?code=abc&state=def');
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toMatch(SSO_BUTTON);
    expect(refused.body).not.toContain('name="clientSecret"');
  });

  it('refuses a client’s sign-in, even with the right secret, and ends the sessions clients already had', async () => {
    const user = new ConsoleUser(service.app);
    const answer = await user.post('/console/sign-in', { clientId: ADMIN.id, clientSecret: ADMIN.secret });
    expect(answer.statusCode).toBe(403);
    expect(answer.body).toContain('Signing in with an admin client is turned off here: sign in with single sign-on.');
    expect(answer.body).toMatch(SSO_BUTTON);
    expect(user.cookies.has('pms_console_session')).toBe(false);
    // A session a client started while it was on (before a restart with the setting).
    const { token } = await service.ctx.consoleSessions.create({
      actorType: 'client',
      actorId: ADMIN.id,
      displayName: ADMIN.id,
      role: 'catalog-editor',
    });
    const earlier = new ConsoleUser(service.app);
    earlier.cookies.set('pms_console_session', token);
    expect((await earlier.get('/console/merchants')).statusCode).toBe(303);
    // Single sign-on's sessions go on.
    const person = await service.ctx.consoleSessions.create({
      actorType: 'console',
      actorId: 'sub-1',
      displayName: 'Edith Editor',
      role: 'catalog-editor',
    });
    const signedOn = new ConsoleUser(service.app);
    signedOn.cookies.set('pms_console_session', person.token);
    expect((await signedOn.get('/console/merchants')).statusCode).toBe(200);
  });
});

describe('with the provider unreachable', () => {
  let service: TestService;
  let issuer: string;
  beforeAll(async () => {
    // A port that was just free and is closed again: the connection is refused at once.
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    issuer = `https://127.0.0.1:${(closed.address() as AddressInfo).port}/realms/ops`;
    await new Promise((resolve) => closed.close(resolve));
    service = await startTestService({
      env: { CONSOLE_OIDC_ISSUER: issuer, CONSOLE_OIDC_CLIENT_ID: 'pms-console', CONSOLE_OIDC_CLIENT_SECRET: 'a-secret' },
    });
  });
  afterAll(() => service?.close());

  it('answers a sign-in with a 502 page naming the provider and why, with the button to try again, and no session', async () => {
    const user = new ConsoleUser(service.app);
    for (let attempt = 1; attempt <= 2; attempt++) {
      // A failed discovery is not kept: the second sign-in asks the provider again, and fails the same way.
      const answer = await user.get('/console/sign-in/sso');
      expect(answer.statusCode, `attempt ${attempt}`).toBe(502);
      expect(answer.headers['content-type']).toContain('text/html');
      expect(answer.body).toContain(`The single sign-on provider ${issuer} could not be reached: ECONNREFUSED`);
      expect(answer.body).toMatch(SSO_BUTTON);
      expect(answer.headers['set-cookie']?.toString() ?? '').not.toMatch(/pms_console_(session|sso)=[^;]/);
    }
  });
});

describe('without single sign-on', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService();
  });
  afterAll(() => service?.close());

  it('has neither the button nor its routes', async () => {
    const user = new ConsoleUser(service.app);
    const page = await user.get('/console');
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('single sign-on');
    expect((await user.get('/console/sign-in/sso')).statusCode).toBe(404);
    expect((await user.get('/console/callback?code=abc&state=def')).statusCode).toBe(404);
  });
});
