// What the console's single sign-on tests through real processes share (oidc.test.ts, and
// oidc.postgres.test.ts for two instances on one database): a real OpenID provider over HTTPS
// (test/helpers/oidc-provider.ts), a server process (dist/main.js) configured for it with the demo
// catalog and an admin client, and a person at the console whose redirects are followed by hand.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import { demoCatalog, withAdminClient } from '../helpers/app.ts';
import { CookieJar, request, startTestProvider, type HttpAnswer, type TestProvider } from '../helpers/oidc-provider.ts';
import { buildDist, freePort, processEnvironment, startServer, type ProcessEnvironment, type ServerProcess } from '../helpers/process.ts';

export const ADMIN = { id: 'ops-admin', secret: 'ops-admin-secret-8d2f6a1c9e', merchantId: 'm-operator' };

/** A browser at the console: its own cookies for the console (the provider's are signInAtProvider's). */
export class Person {
  readonly jar = new CookieJar();
  constructor(readonly baseUrl: string) {}

  async get(url: string): Promise<HttpAnswer> {
    const answer = await request(new URL(url, this.baseUrl), { headers: { cookie: this.jar.header() } });
    this.jar.take(answer);
    return answer;
  }

  /** A console form as a browser on the console's origin submits it, with the page's CSRF token. */
  async submit(pageUrl: string, action: string, fields: Record<string, string>): Promise<HttpAnswer> {
    const page = await this.get(pageUrl);
    expect(page.status, page.body).toBe(200);
    const csrf = /name="_csrf" value="([^"]+)"/.exec(page.body)?.[1];
    expect(csrf).toBeDefined();
    const answer = await request(new URL(action, this.baseUrl), {
      method: 'POST',
      headers: {
        cookie: this.jar.header(),
        'content-type': 'application/x-www-form-urlencoded',
        origin: new URL(this.baseUrl).origin,
        'sec-fetch-site': 'same-origin',
      },
      body: new URLSearchParams({ _csrf: csrf!, ...fields }).toString(),
    });
    this.jar.take(answer);
    return answer;
  }
}

/** Starts single sign-on at `server`: the console's redirect to the provider. */
export async function begin(person: Person, returnTo?: string): Promise<{ answer: HttpAnswer; authorizationUrl: URL }> {
  const answer = await person.get(`/console/sign-in/sso${returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ''}`);
  expect(answer.status, answer.body).toBe(303);
  return { answer, authorizationUrl: answer.location! };
}

/** The callback URL as the provider sent the browser to it, addressed to `server` (any instance). */
export function callbackOn(server: ServerProcess, callback: URL): string {
  return `${server.baseUrl}${callback.pathname}${callback.search}`;
}

export interface SignOnSetup {
  provider: TestProvider;
  environment: ProcessEnvironment;
  /** PUBLIC_URL: the first server's own address. */
  publicUrl: string;
  /** The server's environment (without PORT and NODE_EXTRA_CA_CERTS): another instance starts with it. */
  env: Record<string, string>;
  server: ServerProcess;
  close(): Promise<void>;
}

/** The provider, and a server trusting its certificate authority on a database of the run's kind. */
export async function startSignOnSetup(): Promise<SignOnSetup> {
  buildDist();
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const provider = await startTestProvider({ redirectUris: [`${publicUrl}/console/callback`] });
  const environment = await processEnvironment('console-oidc', {}, {}, { migrated: true });
  const catalogFile = path.join(environment.workDir, 'catalog.json');
  await writeFile(catalogFile, JSON.stringify(withAdminClient(await demoCatalog(), ADMIN)));
  const env = {
    ...environment.env,
    CATALOG_FILE: catalogFile,
    PUBLIC_URL: publicUrl,
    TOKEN_KEY_DERIVATIONS_PER_SECOND: '1000',
    CONSOLE_OIDC_ISSUER: provider.issuer,
    CONSOLE_OIDC_CLIENT_ID: provider.clientId,
    CONSOLE_OIDC_CLIENT_SECRET: provider.clientSecret,
  };
  let server: ServerProcess;
  try {
    server = await startServer({ ...env, PORT: String(port), NODE_EXTRA_CA_CERTS: provider.caFile }, 60_000);
  } catch (error) {
    await provider.close();
    await environment.close();
    throw error;
  }
  return {
    provider,
    environment,
    publicUrl,
    env,
    server,
    close: async () => {
      server.child.kill('SIGTERM');
      await server.exited;
      await provider.close();
      await environment.close();
    },
  };
}
