/**
 * The origin our absolute URLs (logos) are built on: PUBLIC_BASE_URL when the operator pins it
 * (behind a proxy the Host may be an internal name), else the Host the caller asked for with the
 * request's scheme. Not the request's URL: the server builds it from its bind address
 * (http://0.0.0.0:3000), which no caller can reach (docs/api/requests.md, "Formats").
 */
export function publicOrigin(request: Request): string {
  return configuredOrigin() || hostOrigin(request) || new URL(request.url).origin;
}

/** PUBLIC_BASE_URL without its trailing slashes; "" when unset. */
export function configuredOrigin(): string {
  return process.env.PUBLIC_BASE_URL?.trim().replace(/\/+$/, "") ?? "";
}

// A host name or address with an optional port, nothing else: a Host such as `a/b` or `a@b`
// must not change what the URL means.
const HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

function hostOrigin(request: Request): string | undefined {
  const host = request.headers.get("host")?.trim();
  if (!host || !HOST.test(host)) return undefined;
  return `${new URL(request.url).protocol}//${host.toLowerCase()}`;
}
