/**
 * Whether an If-Match / If-None-Match header names `etag`: `*`, or a comma-separated list of
 * entity tags, weak ones (`W/"…"`) compared by their value.
 */
export function etagMatches(header: string, etag: string): boolean {
  return header
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === "*" || tag === etag);
}
