import { describe, expect, it } from 'vitest';
import { networkContains, parseIpAddress, parseIpNetwork } from './ip-address.ts';

function contains(network: string, address: string): boolean {
  const parsedNetwork = parseIpNetwork(network);
  const parsedAddress = parseIpAddress(address);
  if (!parsedNetwork || !parsedAddress) throw new Error('invalid input');
  return networkContains(parsedNetwork, parsedAddress);
}

describe('parseIpAddress', () => {
  it('parses IPv4 and IPv6 forms', () => {
    expect(parseIpAddress('10.1.2.3')).toEqual({ version: 4, words: [0x0a010203] });
    expect(parseIpAddress('2001:db8::1')).toEqual({ version: 6, words: [0x20010db8, 0, 0, 1] });
    expect(parseIpAddress('::')).toEqual({ version: 6, words: [0, 0, 0, 0] });
    expect(parseIpAddress('::ffff:1.2.3.4')).toEqual({ version: 6, words: [0, 0, 0xffff, 0x01020304] });
    expect(parseIpAddress('1:2:3:4:5:6:7:8')?.words).toEqual([0x10002, 0x30004, 0x50006, 0x70008]);
  });

  it('rejects malformed addresses', () => {
    for (const text of [
      '127.invalid',
      '1.2.3',
      '1.2.3.256',
      '01.2.3.4',
      'bad::cidr',
      '1::2::3',
      '1:2:3:4:5:6:7:8:9',
      '12345::',
      '',
    ]) {
      expect(parseIpAddress(text), text).toBeUndefined();
    }
  });
});

describe('networkContains', () => {
  it('matches IPv4 ranges by prefix', () => {
    expect(contains('160.33.0.0/16', '160.33.0.33')).toBe(true);
    expect(contains('160.33.0.0/16', '160.34.0.1')).toBe(false);
    expect(contains('10.0.0.0/8', '10.255.255.255')).toBe(true);
    expect(contains('0.0.0.0/0', '203.0.113.9')).toBe(true);
    expect(contains('192.168.1.7', '192.168.1.7')).toBe(true);
    expect(contains('192.168.1.7', '192.168.1.8')).toBe(false);
    expect(contains('192.168.1.0/31', '192.168.1.1')).toBe(true);
    expect(contains('192.168.1.0/31', '192.168.1.2')).toBe(false);
  });

  it('matches IPv6 ranges across word boundaries', () => {
    expect(contains('2001:db8::/32', '2001:db8:0:1::42')).toBe(true);
    expect(contains('2001:db8::/32', '2001:db9::1')).toBe(false);
    expect(contains('2001:db8:0:1::/64', '2001:db8:0:1:ffff::1')).toBe(true);
    expect(contains('2001:db8:0:1::/64', '2001:db8:0:2::1')).toBe(false);
    expect(contains('2001:db8::/33', '2001:db8:8000::1')).toBe(false);
  });

  it('never mixes IP versions', () => {
    expect(contains('0.0.0.0/0', '::1')).toBe(false);
    expect(contains('::/0', '127.0.0.1')).toBe(false);
  });

  it('rejects bad prefixes', () => {
    expect(parseIpNetwork('10.0.0.0/33')).toBeUndefined();
    expect(parseIpNetwork('::/129')).toBeUndefined();
    expect(parseIpNetwork('10.0.0.0/8/8')).toBeUndefined();
    expect(parseIpNetwork('10.0.0.0/x')).toBeUndefined();
  });
});
