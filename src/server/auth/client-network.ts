import ipaddr from 'ipaddr.js';

/** IPv6 clients are counted by this prefix unless LOGIN_IPV6_PREFIX says otherwise: what one subscriber or rented server gets. */
export const DEFAULT_IPV6_PREFIX = 64;

/**
 * The network a sign-in attempt is counted against. An IPv4 client is its
 * address; an IPv6 client is its /64 (by default), since anyone with one IPv6
 * address holds the 2^64 around it. An IPv4 address in IPv6 clothing
 * (`::ffff:192.0.2.7`, as a dual-stack socket reports IPv4 clients) is the
 * IPv4 client it is, not a /64 shared by every IPv4 visitor. What does not
 * parse (no address at all) is counted as written.
 */
export function clientNetwork(address: string, ipv6Prefix = DEFAULT_IPV6_PREFIX): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (!(parsed instanceof ipaddr.IPv6)) return parsed.toString();
  const bytes = parsed.toByteArray();
  for (let bit = ipv6Prefix; bit < 128; bit++) bytes[bit >> 3] &= ~(0x80 >> (bit & 7));
  return `${ipaddr.fromByteArray(bytes).toString()}/${ipv6Prefix}`;
}
