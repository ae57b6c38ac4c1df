// The console's single sign-on service (src/services/console/oidc.ts) against a real OpenID provider over
// HTTPS (test/helpers/oidc-provider.ts), without the console's routes: the whole code flow signed in by
// HTTP at the provider, what is refused and why. The routes' tests are in oidc.test.ts.
import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { rootCertificates } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  consoleReturnPath,
  createConsoleOidc,
  roleFromClaims,
  SignInRefused,
  type ConsoleOidc,
  type PendingSignIn,
} from '../../src/services/console/oidc.ts';
import { readConfig } from '../../src/config.ts';
import { readAuthorities } from '../../src/lib/certificate-authorities.ts';
import { fetchTrusting, request, signInAtProvider, startTestProvider, type TestProvider } from '../helpers/oidc-provider.ts';

const PUBLIC_URL = 'https://console.pms.test';
const REDIRECT_URI = `${PUBLIC_URL}/console/callback`;

/** The console's single sign-on with `provider`, as the settings make it; the test's fetch unless `fetch` is null. */
function consoleOidcFor(
  provider: TestProvider,
  env: Record<string, string> = {},
  fetch: Parameters<typeof createConsoleOidc>[1]['fetch'] | null = fetchTrusting(provider.ca),
): ConsoleOidc {
  const config = readConfig({
    PUBLIC_URL,
    CONSOLE_OIDC_ISSUER: provider.issuer,
    CONSOLE_OIDC_CLIENT_ID: provider.clientId,
    CONSOLE_OIDC_CLIENT_SECRET: provider.clientSecret,
    ...env,
  });
  return createConsoleOidc(config.consoleOidc!, { redirectUri: REDIRECT_URI, ...(fetch === null ? {} : { fetch }) });
}

async function refusalOf(promise: Promise<unknown>): Promise<SignInRefused> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SignInRefused);
  return error as SignInRefused;
}

describe('single sign-on against a real provider (roles at userinfo)', () => {
  let provider: TestProvider;
  let oidc: ConsoleOidc;
  const requested: string[] = [];

  beforeAll(async () => {
    provider = await startTestProvider({ redirectUris: [REDIRECT_URI] });
    const trusting = fetchTrusting(provider.ca);
    oidc = consoleOidcFor(provider, {}, (url, init) => {
      requested.push(new URL(url).pathname);
      return trusting(url, init);
    });
  });
  afterAll(() => provider.close());

  async function signIn(login: string, returnTo = '/console'): Promise<{ callback: URL; pending: PendingSignIn }> {
    const { url, pending } = await oidc.beginSignIn(returnTo);
    return { callback: await signInAtProvider(url, login, provider.ca), pending };
  }

  it('asks for a code with PKCE S256, state, nonce and the console scopes, to the console callback', async () => {
    const { url, pending } = await oidc.beginSignIn('/console/stores');
    expect(url.origin).toBe(provider.issuer);
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      response_type: 'code',
      client_id: provider.clientId,
      redirect_uri: REDIRECT_URI,
      scope: 'openid profile email',
      code_challenge_method: 'S256',
      state: pending.state,
      nonce: pending.nonce,
    });
    const challenge = Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(pending.codeVerifier))).toString(
      'base64url',
    );
    expect(params.code_challenge).toBe(challenge);
    expect(pending.returnTo).toBe('/console/stores');
    // Every sign-in draws its own values.
    const other = await oidc.beginSignIn('/console');
    expect(new Set([pending.state, other.pending.state, pending.nonce, other.pending.nonce]).size).toBe(4);
    expect(other.pending.codeVerifier).not.toBe(pending.codeVerifier);
  });

  it('signs an editor in with the name from the provider', async () => {
    const { callback, pending } = await signIn('editor-1');
    expect(callback.origin + callback.pathname).toBe(REDIRECT_URI);
    expect(callback.searchParams.get('state')).toBe(pending.state);
    await expect(oidc.completeSignIn(callback, pending)).resolves.toEqual({
      subject: 'editor-1',
      displayName: 'Edith Editor',
      role: 'catalog-editor',
    });
  });

  it('signs a viewer in from a space-separated roles claim', async () => {
    const { callback, pending } = await signIn('viewer-1');
    await expect(oidc.completeSignIn(callback, pending)).resolves.toEqual({
      subject: 'viewer-1',
      displayName: 'Victor Viewer',
      role: 'catalog-viewer',
    });
  });

  it('refuses a person with neither role', async () => {
    const { callback, pending } = await signIn('norole-1');
    const refused = await refusalOf(oidc.completeSignIn(callback, pending));
    expect(refused.reason).toBe('no-role');
    expect(refused.message).toContain('Nora Norole');
  });

  it('refuses an answer whose state is not the pending sign-in’s, before redeeming its code', async () => {
    const { callback, pending } = await signIn('editor-1');
    const tampered = new URL(callback);
    tampered.searchParams.set('state', `${pending.state}x`);
    expect((await refusalOf(oidc.completeSignIn(tampered, pending))).reason).toBe('state');
    const withoutState = new URL(callback);
    withoutState.searchParams.delete('state');
    expect((await refusalOf(oidc.completeSignIn(withoutState, pending))).reason).toBe('state');
    // The code was never spent: the untampered answer still signs in.
    await expect(oidc.completeSignIn(callback, pending)).resolves.toMatchObject({ subject: 'editor-1' });
  });

  it('refuses an ID token whose nonce is not the pending sign-in’s', async () => {
    const { callback, pending } = await signIn('editor-1');
    const refused = await refusalOf(oidc.completeSignIn(callback, { ...pending, nonce: 'another-nonce' }));
    expect(refused.reason).toBe('invalid-response');
    expect(refused.message).toMatch(/nonce/);
  });

  it('refuses a code redeemed with another PKCE verifier, and a code redeemed twice', async () => {
    const first = await signIn('editor-1');
    const wrongVerifier = await refusalOf(oidc.completeSignIn(first.callback, { ...first.pending, codeVerifier: 'x'.repeat(43) }));
    expect(wrongVerifier.reason).toBe('invalid-response');
    expect(wrongVerifier.message).toContain('invalid_grant');

    const second = await signIn('viewer-1');
    await oidc.completeSignIn(second.callback, second.pending);
    const replayed = await refusalOf(oidc.completeSignIn(second.callback, second.pending));
    expect(replayed.reason).toBe('invalid-response');
    expect(replayed.message).toContain('invalid_grant');
  });

  it('reports the provider’s own refusal (the person cancelled at the provider)', async () => {
    const { url, pending } = await oidc.beginSignIn('/console');
    const login = await request(url, { ca: provider.ca });
    const cookies = (login.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
    // The provider's "cancel" link: it sends the browser back with error=access_denied.
    const aborted = await request(new URL(`${login.location!.pathname}/abort`, provider.issuer), {
      headers: { cookie: cookies },
      ca: provider.ca,
    });
    const resumed = await request(aborted.location!, { headers: { cookie: cookies }, ca: provider.ca });
    expect(resumed.location!.searchParams.get('error')).toBe('access_denied');
    const refused = await refusalOf(oidc.completeSignIn(resumed.location!, pending));
    expect(refused.reason).toBe('provider-refused');
    expect(refused.message).toContain('access_denied');
  });

  it('discovers the provider once per process', () => {
    expect(requested.filter((p) => p === '/.well-known/openid-configuration')).toHaveLength(1);
    expect(requested).toContain('/token');
    expect(requested).toContain('/me');
  });
});

describe('single sign-on with the roles in the ID token only, under another claim name', () => {
  let provider: TestProvider;
  let oidc: ConsoleOidc;

  beforeAll(async () => {
    provider = await startTestProvider({ redirectUris: [REDIRECT_URI], rolesClaim: 'console_roles', rolesIn: 'id_token' });
    oidc = consoleOidcFor(provider, { CONSOLE_OIDC_ROLES_CLAIM: 'console_roles' });
  });
  afterAll(() => provider.close());

  it('reads the role from the ID token and names a person without a name by e-mail', async () => {
    const { url, pending } = await oidc.beginSignIn('/console');
    const callback = await signInAtProvider(url, 'mailonly-1', provider.ca);
    await expect(oidc.completeSignIn(callback, pending)).resolves.toEqual({
      subject: 'mailonly-1',
      displayName: 'mia@operator.test',
      role: 'catalog-editor',
    });
  });

  it('does not read the default claim when another is configured', async () => {
    const defaultClaim = consoleOidcFor(provider);
    const { url, pending } = await defaultClaim.beginSignIn('/console');
    const callback = await signInAtProvider(url, 'editor-1', provider.ca);
    expect((await refusalOf(defaultClaim.completeSignIn(callback, pending))).reason).toBe('no-role');
  });
});

/** A fetch that hands each answer of the provider at `pathname` to `change` before openid-client reads it. */
function fetchChanging(provider: TestProvider, pathname: string, change: (body: string) => string): ReturnType<typeof fetchTrusting> {
  const trusting = fetchTrusting(provider.ca);
  return async (url, init) => {
    const answer = await trusting(url, init);
    if (new URL(url).pathname !== pathname) return answer;
    return new Response(change(await answer.text()), { status: answer.status, headers: answer.headers });
  };
}

describe('an ID token whose signature does not verify', () => {
  let provider: TestProvider;
  beforeAll(async () => {
    provider = await startTestProvider({ redirectUris: [REDIRECT_URI], rolesIn: 'both' });
  });
  afterAll(() => provider.close());

  /** Signs editor-1 in at the provider; the console's half runs through `fetch`. */
  async function signInThrough(fetch: ReturnType<typeof fetchTrusting>): Promise<unknown> {
    const oidc = consoleOidcFor(provider, {}, fetch);
    const { url, pending } = await oidc.beginSignIn('/console');
    const callback = await signInAtProvider(url, 'editor-1', provider.ca);
    return oidc.completeSignIn(callback, pending);
  }

  it('is refused when its signature was altered (claims, issuer, audience and nonce all as expected)', async () => {
    const tampered = fetchChanging(provider, '/token', (body) => {
      const answer = JSON.parse(body) as { id_token: string };
      const [header, payload, signature] = answer.id_token.split('.') as [string, string, string];
      // Another signature of the same length: the claims stay exactly as the provider issued them.
      const bytes = Buffer.from(signature, 'base64url');
      bytes[bytes.length >> 1]! ^= 0xff;
      answer.id_token = `${header}.${payload}.${bytes.toString('base64url')}`;
      return JSON.stringify(answer);
    });
    const refused = await refusalOf(signInThrough(tampered));
    expect(refused.reason).toBe('invalid-response');
    expect(refused.message).toMatch(/signature/i);
  });

  it('is refused when the provider’s published keys do not hold the key that signed it', async () => {
    // The same key id, another key: as if the token had been signed by someone else under that id.
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ format: 'jwk' });
    const substituted = fetchChanging(provider, '/jwks', (body) => {
      const { keys } = JSON.parse(body) as { keys: Array<Record<string, unknown>> };
      return JSON.stringify({ keys: keys.map((key) => ({ ...key, n: other.n, e: other.e })) });
    });
    const refused = await refusalOf(signInThrough(substituted));
    expect(refused.reason).toBe('invalid-response');
    expect(refused.message).toMatch(/signature/i);
  });

  it('signs in when nothing was changed (the same provider, the same checks)', async () => {
    await expect(signInThrough(fetchTrusting(provider.ca))).resolves.toMatchObject({ subject: 'editor-1', role: 'catalog-editor' });
  });
});

describe('a provider whose certificate is not trusted', () => {
  let provider: TestProvider;
  beforeAll(async () => {
    provider = await startTestProvider({ redirectUris: [REDIRECT_URI] });
  });
  afterAll(() => provider.close());

  it('is refused with the reason, never bypassed (the server’s own fetch: Node’s roots, the system’s bundle, NODE_EXTRA_CA_CERTS)', async () => {
    const config = readConfig({
      PUBLIC_URL,
      CONSOLE_OIDC_ISSUER: provider.issuer,
      CONSOLE_OIDC_CLIENT_ID: provider.clientId,
      CONSOLE_OIDC_CLIENT_SECRET: provider.clientSecret,
    }).consoleOidc!;
    const oidc = createConsoleOidc(config, { redirectUri: REDIRECT_URI });
    const refused = await refusalOf(oidc.beginSignIn('/console'));
    expect(refused.reason).toBe('provider-unreachable');
    expect(refused.message).toContain(provider.issuer);
    expect(refused.message).toMatch(
      /TLS certificate is not trusted \((SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT_LOCALLY)\)/,
    );
    // A failed discovery is not kept: the next attempt asks again (and fails again, for the same reason).
    expect((await refusalOf(oidc.beginSignIn('/console'))).reason).toBe('provider-unreachable');
  });
});

describe('the certificate authorities a provider is checked against', () => {
  let provider: TestProvider;
  let dir: string;
  /** A system bundle as a distribution keeps it: many authorities in one PEM file, with comments. */
  let bundleWith: string;
  let bundleWithout: string;

  beforeAll(async () => {
    provider = await startTestProvider({ redirectUris: [REDIRECT_URI] });
    dir = await mkdtemp(path.join(tmpdir(), 'pms-ca-bundle-'));
    const others = rootCertificates.slice(0, 5).join('\n# another authority\n');
    bundleWith = path.join(dir, 'with.crt');
    bundleWithout = path.join(dir, 'without.crt');
    await writeFile(bundleWith, `# the system's bundle\n${others}\n${provider.ca}`);
    await writeFile(bundleWithout, `# the system's bundle\n${others}\n`);
  });
  afterAll(async () => {
    await provider.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** The service as a server builds it: no fetch of the test's, only the settings. */
  const serverOidc = (env: Record<string, string>): ConsoleOidc => consoleOidcFor(provider, env, null);

  async function signsIn(oidc: ConsoleOidc): Promise<void> {
    const { url, pending } = await oidc.beginSignIn('/console');
    const callback = await signInAtProvider(url, 'editor-1', provider.ca);
    await expect(oidc.completeSignIn(callback, pending)).resolves.toMatchObject({ subject: 'editor-1' });
  }

  it('trusts an authority found only in the system’s bundle (SSL_CERT_FILE)', async () => {
    await signsIn(serverOidc({ SSL_CERT_FILE: bundleWith }));
  });

  it('trusts an authority found only in NODE_EXTRA_CA_CERTS', async () => {
    await signsIn(serverOidc({ SSL_CERT_FILE: bundleWithout, NODE_EXTRA_CA_CERTS: provider.caFile }));
  });

  it('refuses a provider whose authority is in neither', async () => {
    const refused = await refusalOf(serverOidc({ SSL_CERT_FILE: bundleWithout }).beginSignIn('/console'));
    expect(refused.reason).toBe('provider-unreachable');
    expect(refused.message).toMatch(
      /TLS certificate is not trusted \(\w+\); add its certificate authority to the system's certificate store/,
    );
  });

  it('keeps Node’s bundled roots beside the files (setting the authorities replaces Node’s defaults)', () => {
    const none = { path: path.join(dir, 'absent.crt'), required: false };
    expect(readAuthorities({ systemBundle: none, extraFile: undefined })).toEqual([...rootCertificates]);
    const all = readAuthorities({ systemBundle: { path: bundleWithout, required: true }, extraFile: provider.caFile });
    expect(all.slice(0, rootCertificates.length)).toEqual([...rootCertificates]);
    // Each certificate of the files on its own, the comments between them left out.
    expect(all.slice(rootCertificates.length)).toEqual([...rootCertificates.slice(0, 5), provider.ca.trim()]);
  });

  it('reads SSL_CERT_FILE, else the usual system bundle, and NODE_EXTRA_CA_CERTS', () => {
    const base = { CONSOLE_OIDC_ISSUER: provider.issuer, CONSOLE_OIDC_CLIENT_ID: 'c', CONSOLE_OIDC_CLIENT_SECRET: 's' };
    expect(readConfig(base).consoleOidc!.authorities).toEqual({
      systemBundle: { path: '/etc/ssl/certs/ca-certificates.crt', required: false },
      extraFile: undefined,
    });
    expect(readConfig({ ...base, SSL_CERT_FILE: bundleWith, NODE_EXTRA_CA_CERTS: provider.caFile }).consoleOidc!.authorities).toEqual({
      systemBundle: { path: bundleWith, required: true },
      extraFile: provider.caFile,
    });
  });

  it('stops at start-up when a file the operator named cannot be read or holds no certificate', async () => {
    const absent = path.join(dir, 'absent.crt');
    expect(() => serverOidc({ SSL_CERT_FILE: absent })).toThrow(`The system certificate bundle (SSL_CERT_FILE) ${absent} cannot be read`);
    expect(() => serverOidc({ NODE_EXTRA_CA_CERTS: absent })).toThrow(`NODE_EXTRA_CA_CERTS ${absent} cannot be read`);
    const empty = path.join(dir, 'empty.crt');
    await writeFile(empty, '# nothing here\n');
    expect(() => serverOidc({ SSL_CERT_FILE: empty })).toThrow('holds no PEM certificate');
  });
});

describe('roles, return paths and configuration', () => {
  it('takes the role from an array or a space-separated string, editor before viewer', () => {
    expect(roleFromClaims(['catalog-viewer'])).toBe('catalog-viewer');
    expect(roleFromClaims('staff catalog-editor')).toBe('catalog-editor');
    expect(roleFromClaims(['catalog-viewer', 'catalog-editor'])).toBe('catalog-editor');
    expect(roleFromClaims(undefined, 'catalog-viewer')).toBe('catalog-viewer');
    expect(roleFromClaims(['catalog-viewer'], ['catalog-editor'])).toBe('catalog-editor');
    expect(roleFromClaims(['staff'], 'admin', undefined, 42, { 'catalog-editor': true })).toBeUndefined();
    expect(roleFromClaims('catalog-editors')).toBeUndefined();
  });

  it('returns only to paths of the console', () => {
    expect(consoleReturnPath('/console/stores/1?x=1')).toBe('/console/stores/1?x=1');
    expect(consoleReturnPath('/console')).toBe('/console');
    for (const elsewhere of ['//evil.test/console', 'https://evil.test/console', '/consoles', '/admin/v1', '/console\\..\\x', '']) {
      expect(consoleReturnPath(elsewhere)).toBe('/console');
    }
  });

  it('reads the three settings together, https only, with the roles claim defaulting to roles', () => {
    const base = { CONSOLE_OIDC_ISSUER: 'https://id.example.com/realms/ops', CONSOLE_OIDC_CLIENT_ID: 'c', CONSOLE_OIDC_CLIENT_SECRET: 's' };
    expect(readConfig({}).consoleOidc).toBeUndefined();
    expect(readConfig(base).consoleOidc).toEqual({
      issuer: base.CONSOLE_OIDC_ISSUER,
      clientId: 'c',
      clientSecret: 's',
      rolesClaim: 'roles',
      authorities: { systemBundle: { path: '/etc/ssl/certs/ca-certificates.crt', required: false }, extraFile: undefined },
    });
    expect(readConfig({ ...base, CONSOLE_OIDC_ROLES_CLAIM: 'groups' }).consoleOidc?.rolesClaim).toBe('groups');
    expect(() => readConfig({ CONSOLE_OIDC_ISSUER: base.CONSOLE_OIDC_ISSUER })).toThrow(
      /go together.*missing CONSOLE_OIDC_CLIENT_ID, CONSOLE_OIDC_CLIENT_SECRET/,
    );
    expect(() => readConfig({ ...base, CONSOLE_OIDC_ISSUER: 'http://id.example.com' })).toThrow(/CONSOLE_OIDC_ISSUER must use https:/);
  });
});
