/**
 * The `Link` header (RFC 8288) of a paged answer (docs/api/lists.md, "Cursors"): the request's own path
 * and parameters, with only where the page starts changed. Relative references, resolved against
 * the request's URL: behind a proxy the server does not know the address the caller used.
 */

/** One link: `url` with `set` replacing its parameters of those names and `drop` removed. */
function link(url: URL, rel: string, set: Record<string, string>, drop: readonly string[] = []): string {
  const params = new URLSearchParams(url.searchParams);
  for (const name of drop) params.delete(name);
  for (const [name, value] of Object.entries(set)) params.set(name, value);
  return `<${url.pathname}?${params}>; rel="${rel}"`;
}

/**
 * A list page's links: asked for by number (`page`), the next and the previous page; else (the
 * first page, or a cursor's) the next page's cursor, which stays exact as rows come and go.
 * `next_cursor` is null exactly on the last page, which then has no `next`.
 */
export function pageLinks(url: URL, page: { page: number; next_cursor: string | null }): Record<string, string> {
  const links: string[] = [];
  const byCursor = !url.searchParams.has("page");
  if (page.next_cursor !== null) links.push(byCursor ? link(url, "next", { cursor: page.next_cursor }) : link(url, "next", { page: String(page.page + 1) }));
  if (!byCursor && page.page > 1) links.push(link(url, "prev", { page: String(page.page - 1) }));
  return links.length > 0 ? { link: links.join(", ") } : {};
}

/** A feed's link to its next call (GET /my/events): `cursor`, never its deprecated alias. */
export function feedLinks(url: URL, feed: { has_more: boolean; next_cursor: string }): Record<string, string> {
  return feed.has_more ? { link: link(url, "next", { cursor: feed.next_cursor }, ["after"]) } : {};
}
