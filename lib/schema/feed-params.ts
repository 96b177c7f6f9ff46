import { ApiError } from "./errors";
import { ALIASES, Invalid, cursorRefused, param } from "./param-reader";

/** A feed's position parameters (GET /my/events, GET /my/notifications): `cursor`, and `after` of old. */

/**
 * The largest position a feed holds: its sequence columns are 32-bit integers on PostgreSQL, so
 * a larger one names no row and would overflow the statement (a 500) rather than find nothing.
 */
export const MAX_SEQ = 2 ** 31 - 1;

/** A position's digits as a number, or undefined when none or past MAX_SEQ. */
export function seqOf(digits: string | undefined): number | undefined {
  const seq = digits === undefined ? undefined : Number(digits);
  return seq !== undefined && seq <= MAX_SEQ ? seq : undefined;
}

/**
 * A position in a feed written as `<prefix>.<n>` (n an integer from 0 to MAX_SEQ): opaque to callers,
 * stable forever, so a client can resume from it days later. `cursor`, as every list names it,
 * and `after`, its deprecated name of old (listQuery refuses both at once).
 */
export function feedCursorParam(prefix: string, absent = "from the beginning") {
  const pattern = new RegExp(`^${prefix}\\.(\\d{1,10})$`);
  const schema = { type: "string", pattern: pattern.source, maxLength: prefix.length + 11 };
  const read = (name: string) => (value: string) => {
    const seq = seqOf(pattern.exec(value)?.[1]);
    return seq ?? cursorRefused(name, value);
  };
  const after = param("Deprecated: use cursor. A cursor returned as next_cursor.", schema, read("after"));
  ALIASES.set(after, { does: "say where the feed resumes", names: ["cursor"] });
  /** The position a value sent elsewhere (a header) names, or the 400 at `name`. */
  const position = (name: string, value: string): number => {
    const result = read(name)(value);
    if (result instanceof Invalid) throw ApiError.invalid(name, result.message);
    return result;
  };
  return { cursor: param(`A cursor returned as next_cursor; absent: ${absent}.`, schema, read("cursor")), after, position, pattern };
}
