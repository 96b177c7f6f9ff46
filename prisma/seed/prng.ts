import { createHash } from "node:crypto";
import { Rng } from "../../lib/random";

/**
 * Deterministic randomness for the seed. Every generated row gets its own source, derived from
 * (seed, table, row index) by SHA-256: its UUID comes from the digest and its field values from
 * the project's PRNG (lib/random.ts) seeded by the digest. Rows therefore never depend on each
 * other, so any slice of a table can be generated on its own (in chunks, or in parallel for the
 * large-scale seed) and still come out identical. Ids come from the 128-bit digest, not from the 32-bit PRNG state, so they
 * stay unique at millions of rows.
 */

/** 16 bytes formatted as an RFC 4122 version-4 UUID (version and variant bits set). */
function uuidFromBytes(bytes: Uint8Array): string {
  const b = Buffer.from(bytes.subarray(0, 16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = b.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

export interface RowSource {
  id: string;
  rng: Rng;
}

/** The id and the PRNG of row `index` of `table` under `seed`. */
export function rowSource(seed: number, table: string, index: number): RowSource {
  const digest = createHash("sha256").update(`${seed}:${table}:${index}`).digest();
  return { id: uuidFromBytes(digest), rng: new Rng(digest.readUInt32LE(16)) };
}

/** A deterministic UUID for a named entity (teams, users). */
export function namedUuid(seed: number, table: string, key: string): string {
  return uuidFromBytes(createHash("sha256").update(`${seed}:${table}:${key}`).digest());
}

const PERMALINK_SPACE = BigInt(36) ** BigInt(10);
// About 0.618 x 36^10 (consecutive rows land far apart), odd and not a multiple of 3, hence
// coprime with 36^10: `i -> (i * A + B) mod 36^10` is a bijection, so distinct inputs always give
// distinct permalinks.
const PERMALINK_A = BigInt("2259630184031291");
const PERMALINK_B = BigInt("748294619301157");

/**
 * Permalink ids: 10 base36 characters, unique by construction (a bijection of a number that is
 * unique across tables: `offset + index`), and scattered so neighbouring rows do not look alike.
 */
export function permalinkId(offset: number, index: number): string {
  const n = (BigInt(offset + index) * PERMALINK_A + PERMALINK_B) % PERMALINK_SPACE;
  return n.toString(36).padStart(10, "0");
}
