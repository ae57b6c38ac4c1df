// Certificate authorities for outgoing HTTPS that trusts what the machine trusts. Node.js checks
// certificates against its own bundled copy of Mozilla's list (and NODE_EXTRA_CA_CERTS), never the
// system's store, so an authority an operator added to the system (update-ca-certificates) is not
// trusted by fetch. These are Node's bundled roots, the system's bundle file and NODE_EXTRA_CA_CERTS'
// file together, read once, and a fetch (undici's, with its own connection pool) that trusts exactly
// them: setting `ca` replaces Node's defaults, so all three are given.
import { readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';
import { Agent, fetch as undiciFetch } from 'undici';

/** Where Debian, Ubuntu and Alpine keep the system's bundle; SSL_CERT_FILE names another (as OpenSSL reads it). */
export const DEFAULT_SYSTEM_BUNDLE = '/etc/ssl/certs/ca-certificates.crt';

export interface AuthoritySources {
  /** The system's bundle (PEM). `required`: named by the operator (SSL_CERT_FILE), so a file that cannot be read is an error. */
  systemBundle: { path: string; required: boolean };
  /** NODE_EXTRA_CA_CERTS' file (PEM), if set; an error when it cannot be read. */
  extraFile: string | undefined;
}

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

function certificatesIn(path: string, what: string, required: boolean): string[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (!required && (error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw new Error(`${what} ${path} cannot be read: ${(error as Error).message}`, { cause: error });
  }
  const found = text.match(PEM_CERTIFICATE) ?? [];
  if (required && found.length === 0) throw new Error(`${what} ${path} holds no PEM certificate`);
  return found;
}

/** Node's bundled roots, then the system's bundle (absent and not named: none), then NODE_EXTRA_CA_CERTS'. */
export function readAuthorities(sources: AuthoritySources): string[] {
  return [
    ...rootCertificates,
    ...certificatesIn(sources.systemBundle.path, 'The system certificate bundle (SSL_CERT_FILE)', sources.systemBundle.required),
    ...(sources.extraFile === undefined ? [] : certificatesIn(sources.extraFile, 'NODE_EXTRA_CA_CERTS', true)),
  ];
}

/** A fetch as openid-client's customFetch takes it: a URL and fetch's options (body, headers, method, redirect, signal). */
export type AuthorityFetch = (url: string, init: object) => Promise<Response>;

/** A fetch whose HTTPS connections trust `authorities` and nothing else (Node's defaults included only if given). */
export function fetchTrusting(authorities: string[]): AuthorityFetch {
  const dispatcher = new Agent({ connect: { ca: authorities } });
  // undici's own fetch with its own pool: Node's built-in fetch need not accept this undici's dispatcher.
  return (url, init) => undiciFetch(url, { ...(init as Parameters<typeof undiciFetch>[1]), dispatcher }) as unknown as Promise<Response>;
}
