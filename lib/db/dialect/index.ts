import type { DatabaseKind } from "../url";
import type { Dialect } from "./dialect";
import { postgres } from "./postgres";
import { sqlite } from "./sqlite";

/** The interface (lib/db/dialect/dialect.ts), implemented once per database in a file of its own. */
export type { Dialect, TrigramIndex } from "./dialect";

export function dialectOf(kind: DatabaseKind): Dialect {
  return kind === "sqlite" ? sqlite : postgres;
}
