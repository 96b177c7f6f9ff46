import { BlockList, isIP } from "node:net";

/**
 * Whether a delivery may connect to an address (docs/api/live.md, "Webhooks"): only public unicast
 * addresses, so an endpoint cannot make this server reach its own network (SSRF). Pure: it judges
 * the addresses a host RESOLVED to, at delivery time (lib/webhooks/outbound.ts), and the literal
 * addresses of a URL when it is registered.
 */

const REFUSED = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network", 0.0.0.0 itself
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata services
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15], // benchmarking
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, and the broadcast address
] as const) {
  REFUSED.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128],
  ["::", 96], // IPv4-compatible (deprecated): an IPv4 address in disguise
  ["64:ff9b::", 96], // NAT64: reaches whatever IPv4 address it embeds
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated), private in practice
  ["ff00::", 8], // multicast
] as const) {
  REFUSED.addSubnet(network, prefix, "ipv6");
}

/**
 * True when a delivery must not connect to `address`: anything but a public unicast IP (a name,
 * too). An IPv4-mapped IPv6 address (::ffff:a.b.c.d) is judged as the IPv4 address it stands for:
 * BlockList matches it against the IPv4 subnets.
 */
export function isRefusedAddress(address: string): boolean {
  const bare = address.replace(/^\[(.*)\]$/, "$1").replace(/%.*$/, "");
  const version = isIP(bare);
  if (version === 0) return true;
  return REFUSED.check(bare, version === 4 ? "ipv4" : "ipv6");
}
