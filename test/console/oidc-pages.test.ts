// Where single sign-on shows on the console's pages (docs/console.md#single-sign-on), in-process: the
// button on the sign-in page beside the client form when CONSOLE_OIDC_* are set; the 502 page when the
// provider cannot be reached; neither the button nor its routes without the settings. (The flow itself
// runs through real processes: oidc.test.ts.)
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../helpers/app.ts';
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

  it('shows "Sign in with single sign-on" beside the client form, also after a refused client sign-in', async () => {
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
