/**
 * Where to go after signing in. Only a path on this site is accepted ("/trades?side=bid"); anything
 * else (absolute URLs, protocol-relative "//evil.example", backslash tricks, control characters)
 * falls back to the default. This is what prevents the sign-in page from being an open redirect.
 */
export const DEFAULT_AFTER_SIGN_IN = "/companies";

const PROBE_ORIGIN = "http://desk.invalid";

export function safeCallbackUrl(raw: unknown): string {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > 2000) return DEFAULT_AFTER_SIGN_IN;
  if (!raw.startsWith("/") || raw.startsWith("//") || raw.includes("\\")) return DEFAULT_AFTER_SIGN_IN;
  if (/[\u0000-\u001f\u007f]/.test(raw)) return DEFAULT_AFTER_SIGN_IN;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return DEFAULT_AFTER_SIGN_IN;
  }
  if (url.origin !== PROBE_ORIGIN) return DEFAULT_AFTER_SIGN_IN;
  // Going "back" to the sign-in page or to next-auth's endpoints makes no sense.
  if (url.pathname === "/sign-in" || url.pathname.startsWith("/api/")) return DEFAULT_AFTER_SIGN_IN;
  return `${url.pathname}${url.search}${url.hash}`;
}
