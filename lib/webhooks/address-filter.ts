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

/** The eight 16-bit groups of an IPv6 address (which may end in a dotted IPv4 address). */
function groupsOf(address: string): number[] {
  let text = address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1].split(".").map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const zeros = tail === undefined ? [] : Array(8 - left.length - right.length).fill("0");
  return [...left, ...zeros, ...right].map((group) => parseInt(group, 16));
}

/** The IPv4 address an IPv4-mapped IPv6 address (::ffff:a.b.c.d) stands for, else undefined. */
function mappedIpv4(address: string): string | undefined {
  const groups = groupsOf(address);
  if (!groups.slice(0, 5).every((group) => group === 0) || groups[5] !== 0xffff) return undefined;
  return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join(".");
}

/** True when a delivery must not connect to `address`: anything but a public unicast IP (a name, too). */
export function isRefusedAddress(address: string): boolean {
  const bare = address.replace(/^\[(.*)\]$/, "$1").replace(/%.*$/, "");
  const version = isIP(bare);
  if (version === 4) return REFUSED.check(bare, "ipv4");
  if (version !== 6) return true;
  const ipv4 = mappedIpv4(bare);
  return ipv4 === undefined ? REFUSED.check(bare, "ipv6") : REFUSED.check(ipv4, "ipv4");
}
