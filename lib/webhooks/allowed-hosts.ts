/**
 * The operator's allow-list, `WEBHOOK_ALLOWED_HOSTS`: comma-separated host names or IP addresses
 * that an endpoint may use over plain http and at private addresses (a receiver inside the
 * operator's own network; tests' loopback receivers). Matched against the URL's host as written,
 * never against what it resolves to: allowing 127.0.0.1 does not allow `localhost`.
 */
const bare = (host: string) => host.trim().toLowerCase().replace(/^\[(.*)\]$/, "$1");

export function isAllowedHost(host: string): boolean {
  const allowed = (process.env.WEBHOOK_ALLOWED_HOSTS ?? "").split(",").map(bare).filter(Boolean);
  return allowed.includes(bare(host));
}

/** A URL's host as the allow-list and the address filter take it (IPv6 without its brackets). */
export function hostOf(url: URL): string {
  return bare(url.hostname);
}
