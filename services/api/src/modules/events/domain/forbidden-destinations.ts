import { BlockList, isIP } from 'node:net';

// Where a webhook must never connect: this host, private networks, link-local (cloud metadata),
// carrier-grade NAT, documentation, multicast and reserved ranges.
const forbidden = new BlockList();
for (const [net, prefix] of [
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
  forbidden.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['100::', 64],
  // Local-use NAT64 (RFC 8215), whose embedded IPv4 sits where the operator chooses.
  ['64:ff9b:1::', 48],
] as const)
  forbidden.addSubnet(net, prefix, 'ipv6');

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** The 16 bytes of an IPv6 address (with `::` and a trailing dotted quad expanded), or null. */
function ipv6Bytes(address: string): number[] | null {
  if (isIP(address) !== 6) return null;
  let text = address.toLowerCase().replace(/%.*$/, '');
  const quad = text.match(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number);
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, null];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === null ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return groups.flatMap((group) => {
    const value = parseInt(group, 16);
    return [value >> 8, value & 255];
  });
}

const dotted = (bytes: number[]) => bytes.join('.');
const startsWith = (bytes: number[], prefix: number[]) => prefix.every((byte, i) => bytes[i] === byte);

/**
 * The IPv4 addresses an IPv6 address reaches or carries, judged as IPv4: mapped (`::ffff:10.0.0.1`),
 * compatible (`::7f00:1`), NAT64 (`64:ff9b::/96`), 6to4 (`2002::/16`) and Teredo (`2001::/32`: its server
 * and its client, stored inverted).
 */
function embeddedIpv4(address: string): string[] {
  const bytes = ipv6Bytes(address);
  if (!bytes) return [];
  const last = bytes.slice(12);
  if (startsWith(bytes, [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff])) return [dotted(last)];
  // IPv4-compatible; `::` and `::1` are IPv6's own unspecified and loopback addresses.
  if (startsWith(bytes, Array<number>(12).fill(0)) && !(last[0] === 0 && last[1] === 0 && last[2] === 0 && last[3] <= 1))
    return [dotted(last)];
  if (startsWith(bytes, [0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0])) return [dotted(last)];
  if (startsWith(bytes, [0x20, 0x02])) return [dotted(bytes.slice(2, 6))];
  if (startsWith(bytes, [0x20, 0x01, 0, 0])) return [dotted(bytes.slice(4, 8)), dotted(last.map((byte) => byte ^ 0xff))];
  return [];
}

export function isLoopbackAddress(address: string): boolean {
  const v4 = embeddedIpv4(address);
  if (v4.length > 0) return v4.every((inner) => loopback.check(inner, 'ipv4'));
  const family = isIP(address);
  return family !== 0 && loopback.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Whether a webhook may connect to `address`; loopback only when `allowLoopback`. */
export function isAllowedDestination(address: string, allowLoopback: boolean): boolean {
  if (allowLoopback && isLoopbackAddress(address)) return true;
  const v4 = embeddedIpv4(address);
  if (v4.some((inner) => forbidden.check(inner, 'ipv4'))) return false;
  const family = isIP(address);
  if (family === 0) return false;
  return !forbidden.check(address, family === 4 ? 'ipv4' : 'ipv6');
}
