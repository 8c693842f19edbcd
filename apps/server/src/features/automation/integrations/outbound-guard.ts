import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Where integrations may send requests. Loopback, link-local, private and other non-public addresses are refused
 * unless INTEGRATION_ALLOWED_HOSTS names the host or the address (or is `*`): a URL typed into an integration must not
 * reach the server's own network. The check runs when the URL is saved and again for every connection, on the
 * addresses actually connected to, so a name that later resolves elsewhere (DNS rebinding) is refused too.
 */
export type OutboundPolicy = { allowedHosts: string[] };

// Two lists: a BlockList also matches IPv4 addresses against IPv6 rules (as mapped addresses), so one list with
// ::ffff:0:0/96 would refuse every IPv4 address.
const blocked4 = new BlockList();
const blocked6 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked4.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback and IPv4-compatible
  ['::ffff:0:0', 96], // IPv4-mapped: never needed to reach a public service
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked6.addSubnet(network, prefix, 'ipv6');

const bare = (host: string) => host.replace(/^\[|\]$/g, '').toLowerCase();

/** Whether the address is one integrations may not reach on their own. */
export function isNonPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked4.check(address, 'ipv4');
  if (family === 6) return blocked6.check(address, 'ipv6');
  return true;
}

function allows(policy: OutboundPolicy, hostOrAddress: string): boolean {
  return policy.allowedHosts.includes('*') || policy.allowedHosts.includes(bare(hostOrAddress));
}

/** Why connecting to this address is refused, or undefined when it is allowed. */
export function refusedAddress(policy: OutboundPolicy, host: string, address: string): string | undefined {
  if (!isNonPublicAddress(address) || allows(policy, host) || allows(policy, address)) return undefined;
  return `${bare(host)} resolves to ${address}, a loopback, link-local or private address; INTEGRATION_ALLOWED_HOSTS can allow it`;
}

const resolveAll = (host: string, timeoutMs: number) =>
  new Promise<LookupAddress[]>((resolve) => {
    const timer = setTimeout(() => resolve([]), timeoutMs);
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) => {
      clearTimeout(timer);
      resolve(error ? [] : addresses);
    });
  });

/**
 * Why an integration may not send to this URL, or undefined when it may. A name that does not resolve now is
 * accepted: it is checked again when something is sent.
 */
export async function urlProblem(policy: OutboundPolicy, raw: string): Promise<string | undefined> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'must be an http or https URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must be an http or https URL';
  const host = bare(url.hostname);
  if (!host) return 'must name a host';
  if (allows(policy, host)) return undefined;
  const addresses = isIP(host) ? [host] : (await resolveAll(host, 3000)).map((a) => a.address);
  for (const address of addresses) {
    const refused = refusedAddress(policy, host, address);
    if (refused) return `is refused: ${refused}`;
  }
  return undefined;
}

/** A DNS lookup for http.request that refuses non-public addresses at connect time. */
export function guardedLookup(policy: OutboundPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 4);
      for (const { address } of addresses) {
        const refused = refusedAddress(policy, hostname, address);
        if (refused) return callback(Object.assign(new Error(refused), { code: 'EREFUSED_ADDRESS' }), '', 4);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
  };
}
