/**
 * Pure row generators for the demo data. Each function turns (seed, row index, context) into one
 * plain row object, with no I/O and no dependence on other rows (see prng.ts), so the same code can
 * drive the small demo seed and, later, a chunked large-scale seed. Here the row shapes, the teams
 * and the users; the companies in company-rows.ts, the indications and trades in record-rows.ts.
 */
import { namedUuid } from "./prng";
import type { TeamSpec, UserSpec } from "./accounts";
import type { CompanyRecord, IndicationRecord, TradeRecord } from "../../lib/db/models";

export const SEED = 20261101;
/** "Now" of the demo data: every timestamp lies in the two years before it. */
export const BASE_TIME = Date.UTC(2026, 10, 1); // 2026-11-01T00:00:00Z
export const HISTORY_MS = 730 * 86_400_000;

export const HOUR = 3_600_000;
export const DAY = 86_400_000;

// ---------------------------------------------------------------------------------------------
// Row shapes (the Prisma models' fields; decimals as stored text, lists as JSON text).

export interface TeamRow {
  id: string;
  name: string;
  createdAt: Date;
}

export interface UserRow {
  id: string;
  email: string;
  name: string;
  passwordHash: string;
  role: string;
  permissions: string;
  teamId: string;
  createdAt: Date;
}

/** A company as generated: its mark columns are the marks' rebuild's to write (lib/marks/current.ts). */
export type CompanyRow = Omit<CompanyRecord, "markPrice" | "markRatio30d">;

export type IndicationRow = IndicationRecord;

export type TradeRow = TradeRecord;

/** What indications and trades are generated against. */
export interface RowContext {
  seed: number;
  baseTime: number;
  /** Companies in a fixed order; earlier ones get more activity (a few "hot" names). */
  companies: readonly { id: string; slug: string }[];
  /** Users who own indications and trades, with their team and relative share of rows. */
  owners: readonly { userId: string; teamId: string; weight: number }[];
}


/** Lower-case ASCII for e-mail local parts and slugs: "Chloé O'Connor" -> "chloe-oconnor". */
export function asciiSlug(value: string, separator = "-"): string {
  return value
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, separator)
    .replace(new RegExp(`^\\${separator}+|\\${separator}+$`, "g"), "");
}

// ---------------------------------------------------------------------------------------------
// Teams and users (fixed rosters, deterministic ids).

export function teamId(seed: number, team: TeamSpec): string {
  return namedUuid(seed, "team", team.key);
}

export function userId(seed: number, user: UserSpec): string {
  return namedUuid(seed, "user", user.email);
}

export function teamRows(seed: number, baseTime: number, teams: readonly TeamSpec[]): TeamRow[] {
  return teams.map((team, i) => ({
    id: teamId(seed, team),
    name: team.name,
    createdAt: new Date(baseTime - HISTORY_MS - 90 * DAY + i * 7 * DAY),
  }));
}

export function userRows(
  seed: number,
  baseTime: number,
  teams: readonly TeamSpec[],
  users: readonly UserSpec[],
  passwordHash: string,
): UserRow[] {
  return users.map((user, i) => {
    const team = teams.find((t) => t.key === user.team);
    if (!team) throw new Error(`user ${user.email}: unknown team ${user.team}`);
    return {
      id: userId(seed, user),
      email: user.email,
      name: user.name,
      passwordHash,
      role: user.role,
      permissions: JSON.stringify(user.permissions),
      teamId: teamId(seed, team),
      createdAt: new Date(baseTime - HISTORY_MS - 60 * DAY + i * DAY),
    };
  });
}
