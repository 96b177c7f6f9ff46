import path from "node:path";

/** The sizes the large seed loads (prisma/seed/large.ts), and where each goes by default. */

export interface LargeScale {
  companies: number;
  teams: number;
  indications: number;
  trades: number;
  /** Only the first this many trading teams own indications and trades (default: every one). */
  recordTeams?: number;
}

export const SCALES = {
  large: { companies: 10_000, teams: 200, indications: 1_000_000, trades: 1_000_000 },
  // The CI smoke benchmark: same shapes, tiny, seconds to load.
  smoke: { companies: 300, teams: 12, indications: 6_000, trades: 4_000 },
  // The CSV export benchmark (issue 15: one caller's 1,000,000-row export): in "large" a team owns
  // about a fifth of the rows, so here Alpha owns every one; the same generators, fewer companies.
  export: { companies: 1_000, teams: 5, indications: 1_000_000, trades: 1_000_000, recordTeams: 1 },
  "export-smoke": { companies: 100, teams: 5, indications: 3_000, trades: 2_000, recordTeams: 1 },
} satisfies Record<string, LargeScale>;

export type ScaleName = keyof typeof SCALES;
export const isScaleName = (name: string): name is ScaleName => Object.hasOwn(SCALES, name);

export const LARGE_SEED = 4242;
export const DEFAULT_LARGE_URL = `file:${path.join(process.cwd(), "prisma", "data", "large.db")}`;

/** Where a scale is seeded when DATABASE_URL is unset: "large" and "smoke" in large.db, the others in a file of their name. */
export function defaultScaleUrl(name: ScaleName): string {
  return name === "large" || name === "smoke" ? DEFAULT_LARGE_URL : `file:${path.join(process.cwd(), "prisma", "data", `${name}.db`)}`;
}
