/**
 * The client's address, for the per-address sign-in limit. Next.js route handlers see no socket;
 * `next start` puts the peer's address in `X-Forwarded-For` only when the request has none, and
 * each proxy in front appends the address it saw. So the address is the entry `TRUSTED_PROXIES`
 * (default 0) places from the right: behind one load balancer that appends, set 1. Without a
 * proxy that sets the header, a client can choose its own entry: the per-account limit, which
 * does not depend on it, still holds (docs/security.md).
 */
export function clientAddress(header: (name: string) => string | null | undefined, env: NodeJS.ProcessEnv = process.env): string {
  const hops = Math.max(0, Number.parseInt(env.TRUSTED_PROXIES ?? "0", 10) || 0);
  const forwarded = (header("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const address = forwarded[forwarded.length - 1 - hops] ?? forwarded[0] ?? header("x-real-ip") ?? "unknown";
  // Bounded and printable: it becomes part of a database key.
  return address.replace(/[^0-9A-Za-z.:_[\]-]/g, "").slice(0, 64) || "unknown";
}
