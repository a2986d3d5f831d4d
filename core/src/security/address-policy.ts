import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

/**
 * Whether an IP address is an ordinary public unicast address. Loopback, private (10/8, 172.16/12, 192.168/16),
 * link-local (169.254/16, including the cloud metadata address 169.254.169.254), carrier-grade NAT (100.64/10),
 * unspecified (0.0.0.0/8, ::), multicast, broadcast, reserved and documentation ranges, IPv6 unique-local (fc00::/7)
 * and link-local are not; an IPv4-mapped or IPv4-compatible IPv6 address (::ffff:10.0.0.1, ::a00:1) is judged as the
 * IPv4 address it carries, and IPv6 forms that tunnel to an IPv4 address (NAT64, 6to4, Teredo) are refused.
 */
export function isPublicAddress(address: string): boolean {
  return describeAddress(address) === "unicast";
}

/** The ipaddr.js range name of an address ("unicast", "loopback", "private", ...), or "invalid". */
export function describeAddress(address: string): string {
  const bare = address.startsWith("[") && address.endsWith("]") ? address.slice(1, -1) : address;
  // A zone index (fe80::1%eth0) only ever appears on link-local addresses.
  if (bare.includes("%")) return "linkLocal";
  if (isIP(bare) === 0) return "invalid";
  const parsed = ipaddr.parse(bare);
  if (parsed.kind() === "ipv6") {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().range();
    // IPv4-compatible (::a.b.c.d, deprecated but still routed to the IPv4 address by some stacks): judged as that
    // IPv4 address; :: and ::1 keep their own meaning.
    const bytes = v6.toByteArray();
    if (bytes.slice(0, 12).every((b) => b === 0) && v6.range() !== "unspecified" && v6.range() !== "loopback") {
      return new ipaddr.IPv4(bytes.slice(12)).range();
    }
  }
  return parsed.range();
}

/** True for a URL hostname that is an IP address (IPv4, or IPv6 in brackets as URLs write it). */
export function isIpLiteral(hostname: string): boolean {
  const bare = hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
  return isIP(bare) !== 0;
}

/** Whether two textual addresses are the same address (::ffff:127.0.0.1 and 127.0.0.1 are). */
export function sameAddress(a: string, b: string): boolean {
  const canonical = (value: string) => {
    const bare = value.startsWith("[") && value.endsWith("]") ? value.slice(1, -1) : value;
    return isIP(bare) === 0 ? undefined : ipaddr.process(bare).toNormalizedString();
  };
  const left = canonical(a);
  return left !== undefined && left === canonical(b);
}
