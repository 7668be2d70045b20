import net from 'node:net';
import { Agent, fetch as undiciFetch } from 'undici';
import {
  addressesOf,
  hostOf,
  isBlockedAddress,
  judgedLookup,
  parseAllowList,
  REFUSED_PRIVATE,
  systemResolver,
  unmap,
  type AllowList,
  type Resolver,
} from './address-policy';

// Endpoints an operator configures (the OpenAI-compatible base URL today; webhooks and SMTP
// later) receive secrets: the API key goes wherever the base URL points. So they pass the same
// address policy as the crawler, with two differences. Link-local addresses, where clouds serve
// instance metadata and credentials, are refused whatever the operator says. Loopback and private
// addresses, which a local model server rightly uses, are allowed once the operator sets an
// explicit flag. The check runs when the setting is saved and again on every connection.

/** Link-local ranges and known metadata addresses: never reachable through a configured endpoint. */
const metadata = new net.BlockList();
metadata.addSubnet('169.254.0.0', 16, 'ipv4');
metadata.addSubnet('fe80::', 10, 'ipv6');
metadata.addAddress('fd00:ec2::254', 'ipv6'); // AWS's IPv6 instance metadata, inside fc00::/7
metadata.addAddress('100.100.100.200', 'ipv4'); // Alibaba Cloud's instance metadata

/** Loopback and private ranges a model server may use once the flag is set. */
const PRIVATE_NETWORKS = '127.0.0.0/8,::1/128,10.0.0.0/8,172.16.0.0/12,192.168.0.0/16,fc00::/7';

/** Link-local or a known cloud metadata address: never for an endpoint or a user's webhook. */
export function isMetadata(address: string): boolean {
  const a = unmap(address);
  return metadata.check(a.address, a.family);
}

export interface EndpointPolicy {
  /** The setting that lets the endpoint reach loopback and private addresses, named in refusals. */
  flag: string;
  allowPrivate: boolean;
}

/** Why connecting to this address for the endpoint is refused, or null when it is allowed. */
export function endpointRefusal(address: string, host: string, policy: EndpointPolicy): string | null {
  const shown = host === address ? address : `${host} (${address})`;
  if (isMetadata(address))
    return `${REFUSED_PRIVATE}: ${shown} is a link-local or cloud metadata address, which is never allowed`;
  const allow: AllowList = parseAllowList(policy.allowPrivate ? PRIVATE_NETWORKS : '');
  if (isBlockedAddress(address, host, allow))
    return policy.allowPrivate
      ? `${REFUSED_PRIVATE}: ${shown} is a reserved address`
      : `${REFUSED_PRIVATE}: ${shown} is a loopback or private address; set ${policy.flag} to true if a model server runs there`;
  return null;
}

/**
 * For saving the setting: the URL's host, or every address its name resolves to now, must be
 * allowed. A name that does not resolve now is let through; the connection is checked again.
 */
export async function checkEndpoint(
  url: string,
  policy: EndpointPolicy,
  resolve: Resolver = systemResolver,
): Promise<string | null> {
  const host = hostOf(url);
  if (net.isIP(host)) return endpointRefusal(host, host, policy);
  for (const a of await addressesOf(host, resolve)) {
    const refusal = endpointRefusal(a.address, host, policy);
    if (refusal) return refusal;
  }
  return null;
}

export class RefusedEndpointError extends Error {
  readonly code = 'EBLOCKEDADDRESS';
}

/**
 * A fetch for one configured endpoint that judges the address actually connected to, so a name
 * that now resolves to a metadata or private address is refused there. Redirects are not
 * followed: a redirect to a literal address would never pass through the lookup.
 */
export function guardedEndpointFetch(policy: EndpointPolicy, resolve?: Resolver): typeof fetch {
  const lookup = judgedLookup((address, host) => {
    const refused = endpointRefusal(address, host, policy);
    return refused ? new RefusedEndpointError(refused) : null;
  }, resolve);
  const dispatcher = new Agent({ connect: { lookup } });
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    const host = hostOf(url);
    if (net.isIP(host)) {
      const refused = endpointRefusal(host, host, policy);
      if (refused) throw new RefusedEndpointError(refused);
    }
    return undiciFetch(input as never, { ...(init as object), dispatcher, redirect: 'error' });
  }) as unknown as typeof fetch;
}
