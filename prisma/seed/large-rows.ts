import { mayOwnRecords } from "./accounts";
import { companyRow, companySlug } from "./company-rows";
import { indicationRow, tradeRow } from "./record-rows";
import { BASE_TIME, type CompanyRow, type RowContext } from "./generators";
import { Rng } from "../../lib/random";
import { buildTeams, buildUsers, type TeamRow, type UserRow } from "./large-accounts";
import type { LargeScale } from "./large-scales";

/** The large seed's indications and trades as column values in table order, batch by batch. */

/** Cumulative weights for weighted picks by binary search (popular issuers, big teams). */
class Picker {
  private readonly cumulative: Float64Array;
  constructor(weights: readonly number[]) {
    this.cumulative = new Float64Array(weights.length);
    let sum = 0;
    weights.forEach((w, i) => (this.cumulative[i] = sum += w));
  }
  index(u: number): number {
    const target = u * this.cumulative[this.cumulative.length - 1];
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cumulative[mid] > target) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}

interface Context {
  seed: number;
  teams: TeamRow[];
  usersByTeam: Map<string, UserRow[]>;
  companyIds: string[];
  teamPicker: Picker;
  /** The demo generators' context (companies in popularity order; owners set per row). */
  demo: RowContext;
}

function buildContext(seed: number, teams: TeamRow[], users: UserRow[], companies: CompanyRow[]): Context {
  const usersByTeam = new Map<string, UserRow[]>();
  for (const u of users) {
    if (!mayOwnRecords(JSON.parse(u.permissions) as string[])) continue;
    const list = usersByTeam.get(u.teamId) ?? [];
    list.push(u);
    usersByTeam.set(u.teamId, list);
  }
  return {
    seed,
    teams,
    usersByTeam,
    companyIds: companies.map((c) => c.id),
    teamPicker: new Picker(teams.map((t) => t.weight)),
    demo: { seed, baseTime: BASE_TIME, companies: companies.map((c) => ({ id: c.id, slug: companySlug(c.name) })), owners: [] },
  };
}

// The demo seed's row generators (prisma/seed/record-rows.ts) make the rows, so both data sets
// follow the same realism and validity rules. Two adaptations for 2 M rows: the owner is picked
// here in O(log n) from the 200 teams' users (the generator's weighted pick walks its whole owner
// list per row) and handed to the generator as a one-owner context; and the row object is turned
// into column values in table order.

/** The demo generators' context for row `index`: its owner already chosen. */
function ownerContext(ctx: Context, table: BulkTable, index: number): RowContext {
  const rng = new Rng((ctx.seed * 2_654_435_761 + index * 40_503 + (table === "trades" ? 0x5bd1e995 : 0)) >>> 0);
  const team = ctx.teams[ctx.teamPicker.index(rng.float())];
  const user = rng.pick(ctx.usersByTeam.get(team.id)!);
  return { ...ctx.demo, owners: [{ userId: user.id, teamId: team.id, weight: 1 }] };
}

function indicationValues(ctx: Context, index: number): unknown[] {
  const r = indicationRow(ownerContext(ctx, "indications", index), index);
  return [
    r.id, r.teamId, r.userId, r.issuerId, r.acceptableStructures, r.carriedInterestFeePercent, r.clientId,
    r.createdAt.getTime(), r.details, r.lastRefreshedAt.getTime(), r.managementFeePercent, r.minimumVolume,
    r.openedAt.getTime(), r.permalinkId, r.pricePerShare, r.privateRecipients, r.side, r.stage, r.stockClass,
    r.stockClassType, r.stockType, r.structure, r.thirdPartyId, r.updatedAt.getTime(), r.visibility, r.volume,
  ];
}

function tradeValues(ctx: Context, index: number): unknown[] {
  const r = tradeRow(ownerContext(ctx, "trades", index), index);
  return [
    r.id, r.teamId, r.userId, r.issuerId, r.attributedToOwner ? 1 : 0, r.carriedInterestFeePercent, r.clientId,
    r.createdAt.getTime(), r.details, r.isVerified ? 1 : 0, r.managementFeePercent, r.permalinkId,
    r.pricePerShare, r.signDate, r.stockClass, r.stockClassType, r.stockType, r.structure, r.thirdPartyId,
    r.updatedAt.getTime(), r.verificationOfficerEmail, r.verificationOfficerName, r.volume, r.wonDate,
  ];
}

/** Column order of the indications table (the INSERT statements list them in this order). */
export const INDICATION_COLUMNS = [
  "id", "team_id", "user_id", "issuer_id", "acceptable_structures", "carried_interest_fee_percent",
  "client_id", "created_at", "details", "last_refreshed_at", "management_fee_percent", "minimum_volume",
  "opened_at", "permalink_id", "price_per_share", "private_recipients", "side", "stage", "stock_class",
  "stock_class_type", "stock_type", "structure", "third_party_id", "updated_at", "visibility", "volume",
] as const;

export const TRADE_COLUMNS = [
  "id", "team_id", "user_id", "issuer_id", "attributed_to_owner", "carried_interest_fee_percent",
  "client_id", "created_at", "details", "is_verified", "management_fee_percent", "permalink_id",
  "price_per_share", "sign_date", "stock_class", "stock_class_type", "stock_type", "structure",
  "third_party_id", "updated_at", "verification_officer_email", "verification_officer_name", "volume",
  "won_date",
] as const;

/** Teams, users, companies and the generation context: cheap, rebuilt by every worker. */
export function generateBase(seed: number, scale: LargeScale) {
  const teams = buildTeams(seed, scale.teams, scale.recordTeams);
  const users = buildUsers(seed, teams);
  const companies = Array.from({ length: scale.companies }, (_, i) => companyRow(seed, i, "large"));
  return { teams, users, companies, ctx: buildContext(seed, teams, users, companies) };
}

// Rows travel from the worker as one flat array per batch (row-major, columns in table order).
export type BulkTable = "indications" | "trades";
export interface BatchRequest {
  table: BulkTable;
  start: number;
  end: number;
}
export interface Batch extends BatchRequest {
  flat: unknown[];
}

export function generateFlat(ctx: Context, { table, start, end }: BatchRequest): unknown[] {
  const row = table === "indications" ? indicationValues : tradeValues;
  const flat: unknown[] = [];
  for (let i = start; i < end; i++) for (const value of row(ctx, i)) flat.push(value);
  return flat;
}
