import { sealer } from "../auth/seal";
import type { OrderBy, PageKey } from "../db/list-query";
import { ApiError } from "../schema/errors";
import { cursorMessage } from "../schema/param-reader";
import { MAX_CURSOR_LENGTH } from "../schema/params";

/**
 * A list's cursor (docs/api/lists.md, "Cursors"): the list it was made for (its path), its sort and its
 * last row's key, sealed under a key derived from the installation's secret (lib/auth/seal.ts). Sealed,
 * not just encoded: the tape shows no other team's trade id (lib/market/visibility.ts), and a
 * cursor that opens is one this API wrote, so its value fits its column. The IV is derived from
 * the content, so one page always has the same cursor and its ETag stays put.
 */

const cursors = sealer("list cursor");

/** The sort as the API writes it: `field` or `-field`. */
function sortOf(order: OrderBy): string {
  return `${order.direction === "desc" ? "-" : ""}${order.field ?? order.column}`;
}

/** A page's `next_cursor`: the rows after its last row `next` in `path`'s list sorted by `order`; null when none follows. */
export function nextCursor(path: string, order: OrderBy, next: PageKey | undefined): string | null {
  return next ? cursors.seal(Buffer.from(JSON.stringify([path, sortOf(order), next.value, next.id]))) : null;
}

function opened(token: string): unknown {
  // What opens was sealed by this module: JSON.
  const plain = cursors.open(token);
  return plain && JSON.parse(plain.toString("utf8"));
}

/**
 * The row a cursor sent to `path`'s list sorted by `order` names, or the 400 at `cursor`: one it
 * cannot open (malformed, forged, of another list) or one made for another sort (the message
 * names both sorts).
 */
export function openCursor(token: string, path: string, order: OrderBy): PageKey {
  const content = token.length <= MAX_CURSOR_LENGTH ? opened(token) : undefined;
  // The value is null after a row without one (a nullable order's: lib/db/list-query.ts).
  const valid = (part: unknown, i: number) => typeof part === "string" || (i === 2 && part === null && order.nullable === true);
  if (!Array.isArray(content) || content.length !== 4 || !content.every(valid) || content[0] !== path) {
    throw ApiError.invalid("cursor", cursorMessage("cursor", token));
  }
  const [, sort, value, id] = content as [string, string, string | null, string];
  const wanted = sortOf(order);
  if (sort !== wanted) {
    throw ApiError.invalid("cursor", `cursor was made for sort=${sort}, and this request sorts by ${wanted}: send the sort the cursor's page was read with, or start again without cursor.`);
  }
  return { value, id };
}
