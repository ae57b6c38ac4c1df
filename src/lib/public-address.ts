// Which addresses a webhook may reach (docs/webhooks.md#safety). A receiver's URL is checked when the
// endpoint is written and again when every connection is made: the name is resolved by the
// connection itself through guardedLookup(), so a name that later resolves to a private address
// (DNS rebinding) is refused at the moment it would be used, not just when it was first seen.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * True for an address on the public internet: ipaddr.js's `unicast` range. Private (10/8, 172.16/12,
 * 192.168/16, fc00::/7), loopback, link-local (169.254/16, fe80::/10: cloud metadata services),
 * carrier-grade NAT, unspecified, multicast, broadcast and reserved ranges are not; an IPv4 address
 * mapped into IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address it is.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

/** The host of a URL as a resolver takes it: IPv6 literals without their brackets. */
export function hostOf(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

export class BlockedAddressError extends Error {
  readonly code = 'ERR_WEBHOOK_ADDRESS_BLOCKED';
  constructor(host: string, address: string) {
    super(`${host} resolves to ${address}, which is not a public address`);
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for net.connect and http(s).Agent that refuses a name when any of its addresses is
 * not public (one private answer among public ones is how rebinding attacks hide). `allowPrivate`:
 * every address passes (WEBHOOK_ALLOW_PRIVATE=true).
 */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: { all?: boolean; family?: number | string }, callback: LookupCallback): void => {
    dnsLookup(hostname, { all: true, family: typeof options.family === 'number' ? options.family : 0 }, (error, addresses) => {
      if (error) return callback(error, []);
      const blocked = allowPrivate ? undefined : addresses.find((a) => !isPublicAddress(a.address));
      if (blocked) return callback(new BlockedAddressError(hostname, blocked.address), []);
      if (addresses.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
      // Happy eyeballs (autoSelectFamily) asks for all of them; a plain connect for one.
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/**
 * Checks a URL's host now: an IP literal by itself, a name by resolving it. Resolves to the blocked
 * address, or undefined when every address is public or the name does not resolve (yet): such a
 * name is checked again on every connection.
 */
export async function blockedAddressOf(url: URL): Promise<string | undefined> {
  const host = hostOf(url);
  if (isIP(host)) return isPublicAddress(host) ? undefined : host;
  const addresses = await new Promise<LookupAddress[]>((resolve) =>
    dnsLookup(host, { all: true }, (error, found) => resolve(error ? [] : found)),
  );
  return addresses.find((a) => !isPublicAddress(a.address))?.address;
}
