/**
 * The origin our absolute URLs (logos) are built on. Behind a proxy the request's own URL names
 * the internal host, so an operator can pin the public one with PUBLIC_BASE_URL.
 */
export function publicOrigin(request: Request): string {
  return configuredOrigin() || new URL(request.url).origin;
}

/** PUBLIC_BASE_URL without its trailing slashes; "" when unset. */
export function configuredOrigin(): string {
  return process.env.PUBLIC_BASE_URL?.trim().replace(/\/+$/, "") ?? "";
}
