import ipaddr from 'ipaddr.js';
import { describe, expect, it } from 'vitest';
import { isAllowedDestination } from './forbidden-destinations';

/** IANA IPv4 Special-Purpose Address Registry, every entry. */
const IPV4_SPECIAL = [
  ['0.0.0.0/8', '"This network"'],
  ['0.0.0.0/32', '"This host on this network"'],
  ['10.0.0.0/8', 'Private-Use'],
  ['100.64.0.0/10', 'Shared Address Space'],
  ['127.0.0.0/8', 'Loopback'],
  ['169.254.0.0/16', 'Link Local'],
  ['172.16.0.0/12', 'Private-Use'],
  ['192.0.0.0/24', 'IETF Protocol Assignments'],
  ['192.0.0.0/29', 'IPv4 Service Continuity Prefix'],
  ['192.0.0.8/32', 'IPv4 dummy address'],
  ['192.0.0.9/32', 'Port Control Protocol Anycast'],
  ['192.0.0.10/32', 'Traversal Using Relays around NAT Anycast'],
  ['192.0.0.170/32', 'NAT64/DNS64 Discovery'],
  ['192.0.0.171/32', 'NAT64/DNS64 Discovery'],
  ['192.0.2.0/24', 'Documentation (TEST-NET-1)'],
  ['192.31.196.0/24', 'AS112-v4'],
  ['192.52.193.0/24', 'AMT'],
  ['192.88.99.0/24', 'Deprecated (6to4 Relay Anycast)'],
  ['192.88.99.2/32', '6a44-relay anycast address'],
  ['192.168.0.0/16', 'Private-Use'],
  ['192.175.48.0/24', 'Direct Delegation AS112 Service'],
  ['198.18.0.0/15', 'Benchmarking'],
  ['198.51.100.0/24', 'Documentation (TEST-NET-2)'],
  ['203.0.113.0/24', 'Documentation (TEST-NET-3)'],
  ['240.0.0.0/4', 'Reserved'],
  ['255.255.255.255/32', 'Limited Broadcast'],
] as const;

/** IANA IPv6 Special-Purpose Address Registry, every entry but the well-known NAT64 prefix (below). */
const IPV6_SPECIAL = [
  ['::1/128', 'Loopback Address'],
  ['::/128', 'Unspecified Address'],
  ['::ffff:0:0/96', 'IPv4-mapped Address'],
  ['64:ff9b:1::/48', 'IPv4-IPv6 Translat. (local use)'],
  ['100::/64', 'Discard-Only Address Block'],
  ['100:0:0:1::/64', 'Dummy IPv6 Prefix'],
  ['2001::/23', 'IETF Protocol Assignments'],
  ['2001::/32', 'TEREDO'],
  ['2001:1::1/128', 'Port Control Protocol Anycast'],
  ['2001:1::2/128', 'Traversal Using Relays around NAT Anycast'],
  ['2001:1::3/128', 'DNS-SD Service Registration Protocol Anycast'],
  ['2001:2::/48', 'Benchmarking'],
  ['2001:3::/32', 'AMT'],
  ['2001:4:112::/48', 'AS112-v6'],
  ['2001:10::/28', 'Deprecated (previously ORCHID)'],
  ['2001:20::/28', 'ORCHIDv2'],
  ['2001:30::/28', 'Drone Remote ID Protocol Entity Tags (DETs) Prefix'],
  ['2001:db8::/32', 'Documentation'],
  ['2002::/16', '6to4'],
  ['2620:4f:8000::/48', 'Direct Delegation AS112 Service'],
  ['3fff::/20', 'Documentation'],
  ['5f00::/16', 'Segment Routing (SRv6) SIDs'],
  ['fc00::/7', 'Unique-Local'],
  ['fe80::/10', 'Link-Local Unicast'],
] as const;

/** Outside global unicast space in the IPv6 address space registry, and IPv4 multicast. */
const OTHER_RESERVED = [
  ['::/8', 'Reserved by IETF (IPv4-compatible, IPv4-translated and the rest)'],
  ['fec0::/10', 'Site-local (deprecated)'],
  ['ff00::/8', 'Multicast'],
  ['4000::/3', 'Reserved by IETF'],
  ['224.0.0.0/4', 'IPv4 multicast'],
] as const;

/** The first and last address of a range, and one in its middle. */
function samples(cidr: string): string[] {
  const [network, prefix] = ipaddr.parseCIDR(cidr);
  const first = network.kind() === 'ipv4' ? ipaddr.IPv4.networkAddressFromCIDR(cidr) : ipaddr.IPv6.networkAddressFromCIDR(cidr);
  const last = network.kind() === 'ipv4' ? ipaddr.IPv4.broadcastAddressFromCIDR(cidr) : ipaddr.IPv6.broadcastAddressFromCIDR(cidr);
  const middle = first.toByteArray().map((byte, i) => {
    const bitsBefore = i * 8;
    if (bitsBefore + 8 <= prefix) return byte;
    return byte | (0x5a & (0xff >> Math.max(0, prefix - bitsBefore)));
  });
  return [first.toString(), ipaddr.fromByteArray(middle).toString(), last.toString()];
}

describe('isAllowedDestination', () => {
  it.each([...IPV4_SPECIAL, ...IPV6_SPECIAL, ...OTHER_RESERVED])('refuses all of %s (%s)', (cidr) => {
    for (const address of samples(cidr)) expect([address, isAllowedDestination(address, false)]).toEqual([address, false]);
  });

  it.each([
    ['IPv4-mapped loopback', '::ffff:127.0.0.1'],
    ['IPv4-mapped metadata', '::ffff:a9fe:a9fe'],
    ['IPv4-translated loopback', '::ffff:0:7f00:1'],
    ['IPv4-translated metadata', '::ffff:0:169.254.169.254'],
    ['IPv4-compatible loopback', '::7f00:1'],
    ['IPv4-compatible, dotted', '::127.0.0.1'],
    ['6to4 of a public address', '2002:808:808::1'],
    ['Teredo of a public address', '2001:0:4136:e378:8000:63bf:f7f7:f7f7'],
    ['full form', '0000:0000:0000:0000:0000:ffff:7f00:0001'],
    ['zone index', 'fe80::1%eth0'],
    ['not an address', 'not-an-ip'],
  ])('refuses %s (%s)', (_form, address) => {
    expect(isAllowedDestination(address, false)).toBe(false);
  });

  it('judges the well-known NAT64 prefix (64:ff9b::/96) by the IPv4 address it carries', () => {
    expect(isAllowedDestination('64:ff9b::808:808', false)).toBe(true);
    expect(isAllowedDestination('64:ff9b::8.8.4.4', false)).toBe(true);
    for (const [cidr] of IPV4_SPECIAL) {
      for (const inner of samples(cidr)) expect([inner, isAllowedDestination(`64:ff9b::${inner}`, false)]).toEqual([inner, false]);
    }
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '192.0.1.1', '100.128.0.1', '2606:4700:4700::1111', '2a00:1450:4001:81a::200e'])(
    'allows public %s',
    (address) => {
      expect(isAllowedDestination(address, false)).toBe(true);
    },
  );

  it('allows loopback, and only loopback, when asked to', () => {
    expect(isAllowedDestination('127.0.0.1', true)).toBe(true);
    expect(isAllowedDestination('127.8.9.10', true)).toBe(true);
    expect(isAllowedDestination('::1', true)).toBe(true);
    expect(isAllowedDestination('::ffff:127.0.0.1', true)).toBe(true);
    expect(isAllowedDestination('10.0.0.1', true)).toBe(false);
    expect(isAllowedDestination('169.254.169.254', true)).toBe(false);
    expect(isAllowedDestination('2002:a00:1::', true)).toBe(false);
  });
});
