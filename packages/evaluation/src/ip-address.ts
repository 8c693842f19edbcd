/** An IP address as 32-bit words: one for IPv4, four for IPv6 (most significant first). */
export type IpAddress = { version: 4 | 6; words: number[] };

/** A network such as `10.0.0.0/8`; a single address is a network with a full-length prefix. */
export type IpNetwork = IpAddress & { prefix: number };

const IPV4_PART = /^(?:0|[1-9]\d{0,2})$/;
const IPV6_GROUP = /^[0-9a-fA-F]{1,4}$/;

function parseIpv4Number(text: string): number | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  let value = 0;
  for (const part of parts) {
    if (!IPV4_PART.test(part)) return undefined;
    const octet = Number(part);
    if (octet > 255) return undefined;
    value = value * 256 + octet;
  }
  return value;
}

function parseGroups(text: string): number[] | undefined {
  if (text === '') return [];
  const groups: number[] = [];
  const parts = text.split(':');
  for (let index = 0; index < parts.length; index += 1) {
    const part = parts[index] ?? '';
    if (index === parts.length - 1 && part.includes('.')) {
      // An embedded IPv4 tail (::ffff:1.2.3.4) fills the last two groups.
      const v4 = parseIpv4Number(part);
      if (v4 === undefined) return undefined;
      groups.push(Math.floor(v4 / 0x10000), v4 % 0x10000);
      continue;
    }
    if (!IPV6_GROUP.test(part)) return undefined;
    groups.push(parseInt(part, 16));
  }
  return groups;
}

function parseIpv6Words(text: string): number[] | undefined {
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const head = parseGroups(halves[0] ?? '');
  const tail = halves.length === 2 ? parseGroups(halves[1] ?? '') : [];
  if (head === undefined || tail === undefined) return undefined;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  const groups = [...head, ...new Array<number>(missing).fill(0), ...tail];
  const words: number[] = [];
  for (let index = 0; index < 8; index += 2) {
    words.push((groups[index] ?? 0) * 0x10000 + (groups[index + 1] ?? 0));
  }
  return words;
}

/** Parses an IPv4 or IPv6 address; undefined when it is neither. */
export function parseIpAddress(text: string): IpAddress | undefined {
  const trimmed = text.trim();
  if (trimmed.includes(':')) {
    const words = parseIpv6Words(trimmed);
    return words && { version: 6, words };
  }
  const value = parseIpv4Number(trimmed);
  return value === undefined ? undefined : { version: 4, words: [value] };
}

/** Parses `address` or `address/prefix`; undefined when invalid, so callers can skip bad entries. */
export function parseIpNetwork(text: string): IpNetwork | undefined {
  const [addressText = '', prefixText, extra] = text.trim().split('/');
  if (extra !== undefined) return undefined;
  const address = parseIpAddress(addressText);
  if (!address) return undefined;
  const bits = address.version === 4 ? 32 : 128;
  if (prefixText === undefined) return { ...address, prefix: bits };
  if (!/^\d{1,3}$/.test(prefixText)) return undefined;
  const prefix = Number(prefixText);
  return prefix <= bits ? { ...address, prefix } : undefined;
}

/** True when `address` lies inside `network` (same IP version only). */
export function networkContains(network: IpNetwork, address: IpAddress): boolean {
  if (network.version !== address.version) return false;
  let remaining = network.prefix;
  for (let index = 0; index < network.words.length && remaining > 0; index += 1) {
    const bits = Math.min(32, remaining);
    remaining -= bits;
    // A shift by 32 is a no-op in JavaScript, so a full word compares directly.
    const mask = bits === 32 ? 0xffffffff : ~(0xffffffff >>> bits);
    if (((network.words[index] ?? 0) & mask) !== ((address.words[index] ?? 0) & mask)) return false;
  }
  return true;
}
