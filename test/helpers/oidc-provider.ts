// A real OpenID provider for the console's single sign-on tests: `oidc-provider` (the certified Node.js
// implementation) served over HTTPS on 127.0.0.1 with a certificate of a certificate authority the test
// makes with the openssl command line. Nothing trusts that authority unless told: a server process
// through NODE_EXTRA_CA_CERTS=<caFile>, the test itself through `request` (node:https with `ca`).
// People sign in on the provider's built-in pages (devInteractions: any password, the login is the
// account id), by HTTP (`signInAtProvider`) or in a browser.
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Provider from 'oidc-provider';

export interface TestPerson {
  name?: string;
  email?: string;
  /** The roles claim as the provider sends it: an array or a space-separated string; absent: no claim. */
  roles?: string[] | string;
}

/** The people of the provider, by account id (= `sub`, and what is typed as the login). */
export const TEST_PEOPLE: Record<string, TestPerson> = {
  'editor-1': { name: 'Edith Editor', email: 'edith@operator.test', roles: ['catalog-editor'] },
  // A space-separated string, as some providers send a multi-valued claim.
  'viewer-1': { name: 'Victor Viewer', email: 'victor@operator.test', roles: 'staff catalog-viewer' },
  'norole-1': { name: 'Nora Norole', email: 'nora@operator.test', roles: ['staff'] },
  // No name: the e-mail is what names her.
  'mailonly-1': { email: 'mia@operator.test', roles: ['catalog-editor'] },
};

export interface TestProviderOptions {
  /** Where the console receives the code (`{PUBLIC_URL}/console/callback`); more than one allowed. */
  redirectUris: string[];
  /** The claim carrying the roles (the console's CONSOLE_OIDC_ROLES_CLAIM). */
  rolesClaim?: string;
  /** Which of the provider's answers carry the roles claim: the ID token, userinfo, or both (default userinfo). */
  rolesIn?: 'id_token' | 'userinfo' | 'both';
  people?: Record<string, TestPerson>;
}

export interface TestProvider {
  /** https://127.0.0.1:<port> (the provider's issuer identifier). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** PEM file of the test's certificate authority (for NODE_EXTRA_CA_CERTS). */
  caFile: string;
  ca: string;
  close(): Promise<void>;
}

/** Makes a certificate authority and a server certificate for 127.0.0.1 and localhost, signed by it, in `dir`. */
function makeCertificates(dir: string): { caFile: string; keyFile: string; certFile: string } {
  // Arguments as the openssl command line takes them (no value has a space); P-256 keys: fast to make.
  const openssl = (args: string) => execFileSync('openssl', args.split(' '), { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  const key = '-newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes';
  openssl(
    `req -x509 ${key} -keyout ca.key -out ca.pem -days 2 -subj /CN=Console-SSO-test-CA ` +
      '-addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign',
  );
  openssl(`req ${key} -keyout server.key -out server.csr -subj /CN=127.0.0.1`);
  writeFileSync(
    path.join(dir, 'server.ext'),
    'subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature\nextendedKeyUsage=serverAuth\n',
  );
  openssl('x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -out server.pem -days 2 -extfile server.ext');
  return { caFile: path.join(dir, 'ca.pem'), keyFile: path.join(dir, 'server.key'), certFile: path.join(dir, 'server.pem') };
}

export async function startTestProvider(options: TestProviderOptions): Promise<TestProvider> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pms-oidc-provider-'));
  const { caFile, keyFile, certFile } = makeCertificates(dir);
  const [ca, key, cert] = await Promise.all([readFile(caFile, 'utf8'), readFile(keyFile), readFile(certFile)]);
  const people = options.people ?? TEST_PEOPLE;
  const rolesClaim = options.rolesClaim ?? 'roles';
  const rolesIn = options.rolesIn ?? 'userinfo';
  const clientId = 'pms-console';
  const clientSecret = randomBytes(24).toString('base64url');

  // The issuer names the port, so the server listens first and is handed the provider afterwards.
  let handler: http.RequestListener = (_request, response) => response.writeHead(503).end();
  const server = https.createServer({ key, cert }, (request, response) => handler(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    // The roles claim rides on the profile scope, as many providers put group or role claims on it.
    claims: { openid: ['sub'], profile: ['name', rolesClaim], email: ['email', 'email_verified'] },
    // With false, scope claims may be in the ID token too; findAccount decides which answer carries the roles.
    conformIdTokenClaims: false,
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    features: { devInteractions: { enabled: true } },
    jwks: { keys: [{ ...signingKey, use: 'sig', alg: 'RS256' }] },
    pkce: { required: () => true },
    // Explicit lifetimes (seconds): the defaults print a notice each.
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 3600, IdToken: 600, Interaction: 600, Session: 3600 },
    findAccount: (_ctx, id) => {
      const person = people[id];
      if (!person) return undefined;
      return {
        accountId: id,
        claims: (use: string) => {
          const claims: Record<string, unknown> = { sub: id };
          if (person.name !== undefined) claims.name = person.name;
          if (person.email !== undefined) Object.assign(claims, { email: person.email, email_verified: true });
          if (person.roles !== undefined && (rolesIn === 'both' || rolesIn === use)) claims[rolesClaim] = person.roles;
          return claims;
        },
      };
    },
  });
  handler = provider.callback() as http.RequestListener;

  return {
    issuer,
    clientId,
    clientSecret,
    caFile,
    ca,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The Location header resolved against the request's URL. */
  location: URL | undefined;
}

/** One HTTP(S) request, redirects not followed; `ca` is trusted for https (besides nothing else). */
export function request(
  url: URL | string,
  init: { method?: string; headers?: Record<string, string>; body?: string; ca?: string } = {},
): Promise<HttpAnswer> {
  const target = new URL(url);
  const send = target.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const outgoing = send(target, { method: init.method ?? 'GET', headers: init.headers, ca: init.ca }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          location: response.headers.location ? new URL(response.headers.location, target) : undefined,
        }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end(init.body);
  });
}

/** A fetch over `request` that trusts `ca` (openid-client's customFetch, in tests of the service in-process). */
export function fetchTrusting(
  ca: string,
): (url: string, init: { method: string; headers: Record<string, string>; body?: unknown }) => Promise<Response> {
  return async (url, init) => {
    const body = init.body === undefined || init.body === null ? undefined : String(init.body);
    const answer = await request(url, { method: init.method, headers: init.headers, body, ca });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
    }
    const empty = answer.status === 204 || answer.status === 304;
    return new Response(empty ? null : answer.body, { status: answer.status, headers });
  };
}

/** Cookies by name for one host, as a browser keeps them (paths and expiry ignored: a test's short life). */
export class CookieJar {
  readonly cookies = new Map<string, string>();

  take(answer: HttpAnswer): void {
    const setCookie = answer.headers['set-cookie'] ?? [];
    for (const line of setCookie) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (value === '' || /;\s*max-age=0/i.test(line) || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * Signs `login` in at the provider by HTTP from its authorization URL: the login page, the consent page,
 * each submitted as a browser would. Returns the redirect to the client's redirect URI (code, state, iss).
 */
export async function signInAtProvider(authorizationUrl: URL, login: string, ca: string): Promise<URL> {
  const jar = new CookieJar();
  const get = async (url: URL) => {
    const answer = await request(url, { headers: { cookie: jar.header() }, ca });
    jar.take(answer);
    return answer;
  };
  const submit = async (url: URL, form: Record<string, string>) => {
    const answer = await request(url, {
      method: 'POST',
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
      ca,
    });
    jar.take(answer);
    return answer;
  };
  const issuerOrigin = authorizationUrl.origin;
  let answer = await get(authorizationUrl);
  for (let step = 0; step < 10; step++) {
    if (answer.status < 300 || answer.status >= 400 || !answer.location) {
      throw new Error(`the provider answered ${answer.status} during sign-in: ${answer.body.slice(0, 500)}`);
    }
    const next = answer.location;
    if (next.origin !== issuerOrigin) return next;
    if (/^\/interaction\/[^/]+$/.test(next.pathname)) {
      const page = await get(next);
      if (page.status !== 200) throw new Error(`interaction page ${page.status}: ${page.body.slice(0, 500)}`);
      const action = /<form[^>]*action="([^"]+)"/.exec(page.body)?.[1]?.replaceAll('&amp;', '&');
      if (!action) throw new Error(`no form on the provider's page: ${page.body.slice(0, 500)}`);
      const prompt = /name="prompt" value="([a-z]+)"/.exec(page.body)?.[1];
      const form: Record<string, string> =
        prompt === 'login' ? { prompt, login, password: 'any password' } : { prompt: prompt ?? 'consent' };
      answer = await submit(new URL(action, next), form);
    } else {
      answer = await get(next);
    }
  }
  throw new Error('the provider never redirected back to the client');
}
