/**
 * The operator's allow-list, `WEBHOOK_ALLOWED_HOSTS` (docs/api/live.md, "Webhooks"): comma-separated
 * entries naming a host and its ports that an endpoint may reach over plain http and at private
 * addresses (a receiver inside the operator's own network; tests' loopback receivers). An entry is
 * `host:port` (`127.0.0.1:9000`, `[::1]:9000`, `hooks.internal:8443`), `host:*` for every port, or a
 * bare host for its scheme's default port only (80, 443): allowing a host must not open its other
 * services (a database's port) to probing through the delivery log. Matched against the URL as
 * written, never against what it resolves to: allowing 127.0.0.1 does not allow `localhost`.
 */

interface Entry {
  host: string;
  /** A port number, "*" for all, or null for the scheme's default port. */
  port: number | "*" | null;
}

const portOf = (text: string | undefined): Entry["port"] => (text === undefined ? null : text === "*" ? "*" : Number(text));

/** One entry as written; a bare IPv6 address (several colons, no brackets) has no port. */
function entryOf(text: string): Entry {
  const written = text.trim().toLowerCase();
  const bracketed = /^\[([^\]]*)\](?::(\d+|\*))?$/.exec(written);
  if (bracketed) return { host: bracketed[1], port: portOf(bracketed[2]) };
  const withPort = /^([^:]+):(\d+|\*)$/.exec(written);
  if (withPort) return { host: withPort[1], port: portOf(withPort[2]) };
  return { host: written, port: null };
}

const DEFAULT_PORTS: Record<string, number> = { "http:": 80, "https:": 443 };

/** Whether the allow-list names the URL's host and port. */
export function isAllowedUrl(url: URL): boolean {
  const host = hostOf(url);
  // The URL drops a port that is its scheme's default: "" is 80 for http, 443 for https.
  const port = url.port === "" ? null : Number(url.port);
  return (process.env.WEBHOOK_ALLOWED_HOSTS ?? "")
    .split(",")
    .filter((text) => text.trim() !== "")
    .map(entryOf)
    .some((entry) => entry.host === host && (entry.port === "*" || (entry.port === null ? port === null : entry.port === (port ?? DEFAULT_PORTS[url.protocol]))));
}

/** A URL's host as the allow-list and the address filter take it (IPv6 without its brackets). */
export function hostOf(url: URL): string {
  return url.hostname.trim().toLowerCase().replace(/^\[(.*)\]$/, "$1");
}
