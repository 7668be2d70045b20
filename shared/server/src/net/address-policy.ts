import dns from 'node:dns';
import net from 'node:net';
import { REFUSED_PRIVATE } from '@ideamine/shared/refusals';

// Refuses to connect to loopback, private, link-local (cloud metadata), CGNAT, multicast and
// other special addresses, checked on the address actually connected to, so DNS tricks and
// redirects cannot reach them. Operators may allow-list hosts or networks (tests use 127.0.0.1).

const blocked = new net.BlockList();
for (const [net4, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net4, bits, 'ipv4');
for (const [net6, bits] of [
  // Unspecified, loopback and IPv4-compatible (::a.b.c.d); IPv4-mapped (::ffff:a.b.c.d) is judged
  // as the IPv4 address it carries.
  ['::', 96],
  // SIIT-translated IPv4 (::ffff:0:a.b.c.d), discard-only, Teredo and 6to4 carry or reach IPv4
  // addresses of their own choosing; site-local is the deprecated private range.
  ['::ffff:0:0:0', 96],
  ['100::', 64],
  ['2001::', 32],
  ['2002::', 16],
  ['fec0::', 10],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
] as const)
  blocked.addSubnet(net6, bits, 'ipv6');

export { REFUSED_PRIVATE };

export class BlockedAddressError extends Error {
  readonly code = 'EBLOCKEDADDRESS';
  constructor(host: string, address: string) {
    super(`${REFUSED_PRIVATE}: ${host === address ? host : `${host} (${address})`} is private, loopback or reserved`);
  }
}

/** An IPv4 address with a port: one service on a private address, not the whole address. */
const IP_PORT = /^(\d{1,3}(?:\.\d{1,3}){3}):(\d{1,5})$/;

/**
 * Parses an allow-list: "true"/"*" allows everything; else comma-separated IPs, CIDRs, host
 * names, or IPv4:port pairs (127.0.0.1:3000 allows that one port: the demo site the API serves).
 */
export function parseAllowList(spec: string | undefined): AllowList {
  const entries = (spec ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  if (entries.includes('true') || entries.includes('*'))
    return { all: true, hosts: new Set(), nets: new net.BlockList(), origins: new Set() };
  const nets = new net.BlockList();
  const hosts = new Set<string>();
  const origins = new Set<string>();
  for (const e of entries) {
    const ipPort = IP_PORT.exec(e);
    if (ipPort && net.isIPv4(ipPort[1]!)) {
      origins.add(e);
      continue;
    }
    const [addr, bits] = e.split('/');
    const family = net.isIP(addr ?? '');
    if (family && bits) nets.addSubnet(addr!, Number(bits), family === 6 ? 'ipv6' : 'ipv4');
    else if (family) nets.addAddress(addr!, family === 6 ? 'ipv6' : 'ipv4');
    else hosts.add(e);
  }
  return { all: false, hosts, nets, origins };
}

export interface AllowList {
  all: boolean;
  hosts: Set<string>;
  nets: net.BlockList;
  /** "ip:port" pairs reachable although private; only URLs naming that IP literally match. */
  origins: Set<string>;
}

/** "host:port" of a URL, with the scheme's default port spelled out (an allow-list origin entry). */
export function hostPortOf(url: URL): string {
  return `${url.hostname}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`;
}

/** A URL whose host is an allowed IPv4:port pair (a literal IP: no lookup can redirect it elsewhere). */
function originAllowed(url: URL, allow: AllowList): boolean {
  return allow.origins.size > 0 && net.isIPv4(url.hostname) && allow.origins.has(hostPortOf(url));
}

/** IPv4-mapped IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address it carries. */
export function unmap(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return { address: mapped[1]!, family: 'ipv4' };
  return { address, family: net.isIPv6(address) ? 'ipv6' : 'ipv4' };
}

export function isBlockedAddress(address: string, host: string, allow: AllowList): boolean {
  if (allow.all || allow.hosts.has(host.toLowerCase())) return false;
  const a = unmap(address);
  if (allow.nets.check(a.address, a.family)) return false;
  return blocked.check(a.address, a.family);
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/** Resolves a host name to all its addresses: the system resolver, or a test's own. */
export type Resolver = (
  hostname: string,
  options: dns.LookupAllOptions,
  callback: (err: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void,
) => void;

export const systemResolver: Resolver = (hostname, options, callback) => dns.lookup(hostname, options, callback);

/** Why an address may not be connected to (as an error to fail the connection with), or null. */
export type AddressJudge = (address: string, host: string) => Error | null;

/**
 * A dns.lookup replacement for sockets: resolves, then refuses what the judge refuses. It runs
 * when the socket connects, so the address judged is the address used (a name that resolved to a
 * public address when the job was created and to a private one now is refused now).
 */
export function judgedLookup(judge: AddressJudge, resolve: Resolver = systemResolver) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    resolve(hostname, { ...options, all: true }, (err, list) => {
      if (err) return callback(err, '');
      for (const a of list) {
        const refused = judge(a.address, hostname);
        if (refused) return callback(refused, '');
      }
      if (options.all) return callback(null, list);
      const first = list[0]!;
      callback(null, first.address, first.family);
    });
  };
}

/** The crawler's lookup: private, loopback and reserved addresses unless allow-listed. */
export function guardedLookup(allow: AllowList, resolve: Resolver = systemResolver) {
  return judgedLookup(
    (address, host) => (isBlockedAddress(address, host, allow) ? new BlockedAddressError(host, address) : null),
    resolve,
  );
}

/** A URL's host as DNS and net.isIP take it: an IPv6 literal without its brackets. */
export const hostOf = (url: string | URL): string =>
  (typeof url === 'string' ? new URL(url) : url).hostname.replace(/^\[|\]$/g, '');

/** For literal IPs in URLs (no DNS lookup happens for them): the same check up front. */
export function assertHostAllowed(url: URL, allow: AllowList): void {
  if (originAllowed(url, allow)) return;
  const host = hostOf(url);
  if (net.isIP(host) && isBlockedAddress(host, host, allow)) throw new BlockedAddressError(host, host);
}

/**
 * For the API: refuses a crawl target whose host is, or resolves to, a blocked address. A host
 * that does not resolve now is let through; the crawler reports that on the task. (What a name
 * resolves to may change before the crawl: the crawler checks again when it connects.)
 */
export async function checkCrawlTarget(
  url: string,
  allow: AllowList,
  resolve: Resolver = systemResolver,
): Promise<string | null> {
  const u = new URL(url);
  if (originAllowed(u, allow)) return null;
  const host = hostOf(u);
  if (net.isIP(host))
    return isBlockedAddress(host, host, allow) ? `${host} is a private, loopback or reserved address` : null;
  const addresses = await addressesOf(host, resolve);
  const bad = addresses.find((a) => isBlockedAddress(a.address, host, allow));
  return bad ? `${host} resolves to ${bad.address}, a private, loopback or reserved address` : null;
}

/** Every address a name resolves to now; none when it does not resolve (the connection checks again). */
export function addressesOf(host: string, resolve: Resolver = systemResolver): Promise<dns.LookupAddress[]> {
  return new Promise((done) => resolve(host, { all: true }, (err, list) => done(err ? [] : list)));
}
