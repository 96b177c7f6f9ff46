/**
 * Whether a request most likely comes from a phone: the `Sec-CH-UA-Mobile` client hint where the
 * browser sends it (Chromium), else "Mobi" in the user agent (MDN's advice for Safari and Firefox).
 * Only a first guess for the server's render; the viewport decides once the page runs (usePhone).
 */
export function phoneHint(headers: Headers): boolean {
  const mobile = headers.get("sec-ch-ua-mobile");
  if (mobile !== null) return mobile.trim() === "?1";
  return /Mobi/.test(headers.get("user-agent") ?? "");
}
