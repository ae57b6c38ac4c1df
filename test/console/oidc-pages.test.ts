// Where single sign-on shows on the console's pages (docs/console.md#single-sign-on), in-process: the
// button on the sign-in page beside the client form when CONSOLE_OIDC_* are set, and neither the button
// nor its routes without them. (The flow itself runs through real processes: oidc.test.ts.)
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
