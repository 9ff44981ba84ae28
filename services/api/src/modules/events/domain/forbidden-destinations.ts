import ipaddr from 'ipaddr.js';

/**
 * Where a webhook may connect: an ordinary global unicast address. Addresses are judged by the IANA
 * IPv4 and IPv6 special-purpose address registries as `ipaddr.js` keeps them (its `range()` is
 * `unicast` only outside every entry), whatever an entry's reachability: none of them (this host,
 * private and shared networks, link-local and cloud metadata, documentation, benchmarking, anycast
 * services, 6to4 and Teredo, ORCHID, SRv6…) is where a merchant's server answers. IPv6 must also lie in
 * global unicast space (2000::/3, the IPv6 address space registry), which leaves out the rest of ::/8
 * (IPv4-compatible and -translated forms), site-local fec0::/10 and multicast. The one exception is the
 * well-known NAT64 prefix 64:ff9b::/96, through which an IPv6-only network reaches IPv4 servers: it is
 * judged by the IPv4 address it carries.
 */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');
const WELL_KNOWN_NAT64 = ipaddr.parseCIDR('64:ff9b::/96');

/** The address as IPv4 when it is IPv4 or carries it mapped (`::ffff:a.b.c.d`), else as IPv6; null when not an address. */
function parse(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const text = address.replace(/%.*$/, '');
  if (!ipaddr.isValid(text)) return null;
  const parsed = ipaddr.parse(text);
  return parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress() ? (parsed as ipaddr.IPv6).toIPv4Address() : parsed;
}

export function isLoopbackAddress(address: string): boolean {
  return parse(address)?.range() === 'loopback';
}

/** Whether a webhook may connect to `address`; loopback too when `allowLoopback` (test mode on a laptop). */
export function isAllowedDestination(address: string, allowLoopback: boolean): boolean {
  if (allowLoopback && isLoopbackAddress(address)) return true;
  const text = address.replace(/%.*$/, '');
  if (!ipaddr.isValid(text)) return false;
  const parsed = ipaddr.parse(text);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const v6 = parsed as ipaddr.IPv6;
  if (v6.match(WELL_KNOWN_NAT64)) {
    const bytes = v6.toByteArray().slice(12);
    return isAllowedDestination(ipaddr.fromByteArray(bytes).toString(), false);
  }
  return v6.match(GLOBAL_UNICAST_V6) && v6.range() === 'unicast';
}
