import { createHash } from "node:crypto";
import {
  CURRENT_STRUCTURES,
  LEGACY_STRUCTURE,
  LOGO_SIZES,
  BROKER_PERMISSIONS,
  SIDES,
  STAGES,
  STOCK_CLASS_TYPES,
  STOCK_TYPES,
  STRUCTURES,
  VISIBILITIES,
  type Permission,
  type Role,
  type Side,
  type Stage,
  type StockClassType,
  type StockType,
  type Structure,
  type Visibility,
} from "../domain/enums";
import { companySearchText } from "../companies/search";
import { mulberry32 } from "../random";

/**
 * The test fixture: a small, hand-designed, deterministic data set. Tests compute every expected
 * result from the arrays exported here (never from the implementation), so the properties that
 * make a test meaningful are built in on purpose:
 *
 * - three teams; Alpha has a broker (all permissions), a lead and a viewer (no `companies`);
 * - companies sharing countries/regions, names in every case, two companies with the same name
 *   (id tie-break), names with a literal `%` and `_`, an apostrophe, non-ASCII characters, a
 *   match only in the legal name, a company traded only by Beta;
 * - indications and trades of every enumeration value (legacy `spv` included), nulls wherever
 *   the spec allows them, ties on every sort key, and big decimals at the edges of the guarantee.
 *
 * Decimal fields hold the *input* string (as a client would send it); `canonicalDecimal` gives the
 * form the API must answer with. The generator is a seeded PRNG: the data never changes between
 * runs.
 */

// ---------------------------------------------------------------------------------------------
// Deterministic building blocks

/** A version-4, RFC-variant UUID derived from a label (stable across runs, random-looking order). */
export function fixtureUuid(label: string): string {
  const h = createHash("sha256").update(`uuid:${label}`).digest("hex");
  const variant = "89ab"[parseInt(h[16], 16) % 4];
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** "mkd_" + 32 base62 characters derived from a label. */
export function fixtureSecret(label: string): string {
  const bytes = createHash("sha256").update(`secret:${label}`).digest();
  let out = "mkd_";
  for (let i = 0; i < 32; i++) out += BASE62[bytes[i] % 62];
  return out;
}

export function sha256Hex(value: string): string {
  return createHash("sha256").update(value, "utf8").digest("hex");
}

const SCALE = BigInt(100_000_000);

/** A decimal string as an integer number of 1e-8 units (independent of lib/domain/decimal.ts). */
export function units(value: string): bigint {
  const [int, frac = ""] = value.split(".");
  return BigInt(int) * SCALE + BigInt((frac + "00000000").slice(0, 8));
}

/** "0012.50" -> "12.5": the plain form the API answers with. */
export function canonicalDecimal(value: string): string {
  const [int, frac = ""] = value.split(".");
  const i = int.replace(/^0+(?=\d)/, "");
  const f = frac.replace(/0+$/, "");
  return f ? `${i}.${f}` : i;
}

// ---------------------------------------------------------------------------------------------
// Teams, users, API keys

export interface FixtureTeam {
  id: string;
  name: string;
  createdAt: Date;
}

export const TEAMS = {
  alpha: { id: fixtureUuid("team:alpha"), name: "Alpha", createdAt: new Date("2025-01-01T00:00:00.000Z") },
  beta: { id: fixtureUuid("team:beta"), name: "Beta", createdAt: new Date("2025-01-02T00:00:00.000Z") },
  gamma: { id: fixtureUuid("team:gamma"), name: "Gamma", createdAt: new Date("2025-01-03T00:00:00.000Z") },
} satisfies Record<string, FixtureTeam>;
export type TeamKey = keyof typeof TEAMS;
const TEAM_KEYS = Object.keys(TEAMS) as TeamKey[];

export interface FixtureUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  permissions: Permission[];
  team: TeamKey;
}

/** bcrypt (cost 4) of "fixture-password"; no test signs in, but the column must hold a real hash. */
export const FIXTURE_PASSWORD_HASH = "$2b$04$YYiASLGFPHqJwDHyldq89.v7AwAgnOYZs2iOFbmLkH.89czHSnrM.";

export const USERS = {
  alphaBroker: {
    id: fixtureUuid("user:alpha-broker"),
    email: "broker@alpha.test",
    name: "Alice Alpha",
    role: "broker",
    permissions: [...BROKER_PERMISSIONS],
    team: "alpha",
  },
  alphaLead: {
    id: fixtureUuid("user:alpha-lead"),
    email: "lead@alpha.test",
    name: "Arthur Alpha",
    role: "team_lead",
    permissions: [...BROKER_PERMISSIONS],
    team: "alpha",
  },
  alphaViewer: {
    id: fixtureUuid("user:alpha-viewer"),
    email: "viewer@alpha.test",
    name: "Vera Alpha",
    role: "broker",
    permissions: ["indications_manage", "trades_manage"],
    team: "alpha",
  },
  betaBroker: {
    id: fixtureUuid("user:beta-broker"),
    email: "broker@beta.test",
    name: "Bob Beta",
    role: "broker",
    permissions: [...BROKER_PERMISSIONS],
    team: "beta",
  },
  gammaBroker: {
    id: fixtureUuid("user:gamma-broker"),
    email: "broker@gamma.test",
    name: "Gina Gamma",
    role: "broker",
    permissions: [...BROKER_PERMISSIONS],
    team: "gamma",
  },
} satisfies Record<string, FixtureUser>;
export type UserKey = keyof typeof USERS;

export interface FixtureApiKey {
  id: string;
  user: UserKey;
  name: string;
  secret: string;
  scopes: Permission[];
  createdAt: Date;
  revokedAt: Date | null;
}

function apiKey(label: string, user: UserKey, scopes: Permission[], revokedAt: Date | null = null): FixtureApiKey {
  return {
    id: fixtureUuid(`key:${label}`),
    user,
    name: label,
    secret: fixtureSecret(label),
    scopes,
    createdAt: new Date("2025-06-01T12:00:00.000Z"),
    revokedAt,
  };
}

export const API_KEYS = {
  /** Alpha broker, every scope. */
  alphaBroker: apiKey("alpha-broker-full", "alphaBroker", [...BROKER_PERMISSIONS]),
  /**
   * The viewer's key lists `companies` among its scopes, but its owner lacks that permission:
   * effective permissions are the intersection, so it must still be refused company details.
   */
  alphaViewer: apiKey("alpha-viewer", "alphaViewer", [...BROKER_PERMISSIONS]),
  /** Alpha broker (who holds `companies`), key scoped without it. */
  alphaNoCompanies: apiKey("alpha-broker-no-companies", "alphaBroker", ["indications_manage", "trades_manage"]),
  /** Alpha broker, full scopes, revoked. */
  alphaRevoked: apiKey("alpha-broker-revoked", "alphaBroker", [...BROKER_PERMISSIONS], new Date("2025-07-01T00:00:00.000Z")),
  betaBroker: apiKey("beta-broker", "betaBroker", [...BROKER_PERMISSIONS]),
  gammaBroker: apiKey("gamma-broker", "gammaBroker", [...BROKER_PERMISSIONS]),
} satisfies Record<string, FixtureApiKey>;

/** The secrets, as a client sends them (`Authorization: Bearer <secret>`). */
export const SECRETS = Object.fromEntries(Object.entries(API_KEYS).map(([k, v]) => [k, v.secret])) as {
  [K in keyof typeof API_KEYS]: string;
};

/** Well-formed (mkd_ + 32 base62) but stored nowhere. */
export const UNKNOWN_SECRET = fixtureSecret("never-inserted");

// ---------------------------------------------------------------------------------------------
// Companies

export interface FixtureCompany {
  id: string;
  name: string;
  legalName: string;
  country: string;
  region: string;
  url: string;
  platformUrl: string;
  description: string;
  logoColor: string;
  leadInvestors: string[];
}

const PLACES: ReadonlyArray<readonly [string, string]> = [
  ["United States", "North America"],
  ["Canada", "North America"],
  ["Germany", "Europe"],
  ["France", "Europe"],
  ["United Kingdom", "Europe"],
  ["Japan", "Asia"],
  ["Singapore", "Asia"],
  ["Brazil", "South America"],
  ["Israel", "Middle East"],
];

const INVESTORS = [
  "Sequoia Example",
  "Andreessen Example",
  "Accel Example",
  "Index Example",
  "Benchmark Example",
  "Lightspeed Example",
  "Tiger Example",
  "Khosla Example",
];

function slugOf(name: string, n: number): string {
  const ascii = name
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .toLowerCase();
  return `${ascii || "company"}-${n}`;
}

function company(
  n: number,
  name: string,
  legalName: string,
  place: readonly [string, string],
  rand: () => number,
  leadInvestors?: string[],
): FixtureCompany {
  const slug = slugOf(name, n);
  const investors =
    leadInvestors ?? INVESTORS.filter((_, i) => (n + i) % 3 === 0).slice(0, 1 + (n % 3));
  const color = Math.floor(rand() * 0xffffff).toString(16).padStart(6, "0");
  return {
    id: fixtureUuid(`company:${n}`),
    name,
    legalName,
    country: place[0],
    region: place[1],
    url: `https://${slug}.example.com`,
    platformUrl: `https://marketplace.example.com/companies/${slug}`,
    description: `${name} is a fixture company (#${n}) headquartered in ${place[0]}.`,
    logoColor: `#${color}`,
    leadInvestors: investors,
  };
}

function buildCompanies(): FixtureCompany[] {
  const rand = mulberry32(20261125);
  const P = (i: number) => PLACES[i % PLACES.length];
  const out: FixtureCompany[] = [];
  const special: Array<[string, string, readonly [string, string], string[]?]> = [
    ["Acme Robotics", "Acme Robotics, Inc.", PLACES[0]],
    ["acme analytics", "Acme Analytics Holdings LLC", PLACES[0]],
    ["ACME FREIGHT", "Acme Freight Corporation", PLACES[1]],
    ["Émile Søren Labs", "Émile Søren Laboratoires SAS", PLACES[3]],
    ["100% Real_Data Co", "Real Data Company Ltd", PLACES[4]],
    ["snake_case systems", "Snake Case Systems GmbH", PLACES[2]],
    ["Nimbus", "Nimbus Cloud Inc.", PLACES[0]],
    ["Nimbus", "Nimbus Aerospace GmbH", PLACES[2]],
    ["Kestrel", "Peregrine Holdings Kestrel K.K.", PLACES[5]],
    ["O'Brien & Sons Capital", "O'Brien and Sons Capital plc", PLACES[4], []],
    ["Quiet Harbor Systems", "Quiet Harbor Systems Pte. Ltd.", PLACES[6]],
    ["zebra zero", "Zebra Zero Ltda.", PLACES[7]],
    ["Ørsted Grid", "Ørsted Grid A/S", PLACES[2]],
    ["Tel Aviv Quantum", "TAQ Technologies Ltd", PLACES[8]],
  ];
  special.forEach(([name, legal, place, investors], i) => out.push(company(i + 1, name, legal, place, rand, investors)));

  const prefixes = ["Aurora", "Basalt", "Cobalt", "Delta", "Ember", "Fjord", "Granite", "Helix", "Indigo", "Juniper", "Lumen", "Meridian", "Nova", "Onyx", "Pioneer", "Quartz", "Redwood", "Sierra", "Tundra", "Umbra", "Vertex", "Willow", "Yarrow"];
  const suffixes = ["Analytics", "Biotech", "Capital", "Dynamics", "Energy", "Foods", "Genomics", "Health", "Insights", "Logistics", "Materials", "Networks"];
  for (let k = 0; out.length < 60; k++) {
    const n = out.length + 1;
    let name = `${prefixes[k % prefixes.length]} ${suffixes[(k * 5) % suffixes.length]}`;
    if (k % 7 === 3) name = name.toLowerCase();
    if (k % 11 === 5) name = name.toUpperCase();
    const legal = `${prefixes[k % prefixes.length]} ${suffixes[(k * 5) % suffixes.length]} ${["Inc.", "GmbH", "Ltd", "SAS", "K.K."][k % 5]}`;
    out.push(company(n, name, legal, P(k * 2 + 1), rand));
  }
  return out;
}

export const COMPANIES: readonly FixtureCompany[] = buildCompanies();

/** A valid body for POST /my/indications: an open bid in the first company. */
export const NEW_BID = {
  issuer_id: COMPANIES[0].id,
  side: "bid",
  price_per_share: "10",
  volume: "1000",
  minimum_volume: null,
  acceptable_structures: ["direct"],
  visibility: "order_book_anonymous",
  stock_type: "secondary",
  stock_class_type: "preferred",
  stock_class: "Series B",
};

/** A valid body for POST /my/trades. */
export const NEW_TRADE = {
  issuer_id: COMPANIES[1].id,
  price_per_share: "12.5",
  volume: "150000",
  structure: "direct",
  stock_type: "secondary",
  stock_class_type: "common",
  stock_class: "Common",
  sign_date: "2026-05-04",
  won_date: "2026-05-11",
  verification_officer_name: "Dana Officer",
  verification_officer_email: "dana@bank.example",
};

function companyNamed(name: string, legalName?: string): FixtureCompany {
  const found = COMPANIES.find((c) => c.name === name && (legalName === undefined || c.legalName === legalName));
  if (!found) throw new Error(`fixture company ${name} missing`);
  return found;
}

/** Named companies the tests rely on. */
export const SPECIAL_COMPANIES = {
  percentUnderscore: companyNamed("100% Real_Data Co"),
  underscoreOnly: companyNamed("snake_case systems"),
  nonAscii: companyNamed("Émile Søren Labs"),
  apostrophe: companyNamed("O'Brien & Sons Capital"),
  legalNameOnly: companyNamed("Kestrel"),
  nimbusCloud: companyNamed("Nimbus", "Nimbus Cloud Inc."),
  nimbusAero: companyNamed("Nimbus", "Nimbus Aerospace GmbH"),
  /** Has indications and trades of team Beta only. */
  betaOnly: companyNamed("Quiet Harbor Systems"),
  /** Has indications and trades of team Alpha only. */
  alphaOnly: companyNamed("Tel Aviv Quantum"),
  /** Nobody trades it. */
  untraded: companyNamed("zebra zero"),
};

// ---------------------------------------------------------------------------------------------
// Decimal values

/** The edges of the guarantee (18 significant digits, 8 fractional digits). */
export const EDGE_DECIMALS = [
  "9876543210.12345678",
  "1234567890123456.78",
  "0.00000001",
  "999999999999999999",
  "12.5",
  "100",
] as const;

function randomDecimal(rand: () => number): string {
  const intDigits = 1 + Math.floor(rand() * 7);
  let int = String(1 + Math.floor(rand() * 9));
  for (let i = 1; i < intDigits; i++) int += String(Math.floor(rand() * 10));
  const fracDigits = Math.floor(rand() * 9);
  let frac = "";
  for (let i = 0; i < fracDigits; i++) frac += String(Math.floor(rand() * 10));
  frac = frac.replace(/0+$/, "");
  return frac ? `${int}.${frac}` : int;
}

// ---------------------------------------------------------------------------------------------
// Indications

export interface FixtureIndication {
  id: string;
  team: TeamKey;
  user: UserKey;
  issuerId: string;
  acceptableStructures: Structure[];
  carriedInterestFeePercent: string | null;
  clientId: string | null;
  createdAt: Date;
  details: string | null;
  lastRefreshedAt: Date;
  managementFeePercent: string | null;
  minimumVolume: string | null;
  openedAt: Date;
  permalinkId: string;
  pricePerShare: string;
  privateRecipients: string[];
  side: Side;
  stage: Stage;
  stockClass: string | null;
  stockClassType: StockClassType;
  stockType: StockType;
  structure: Structure | null;
  thirdPartyId: string | null;
  updatedAt: Date;
  visibility: Visibility;
  volume: string;
}

const BASE_TIME = Date.parse("2026-01-05T08:00:00.000Z");
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const TEAM_USERS: Record<TeamKey, UserKey[]> = {
  alpha: ["alphaBroker", "alphaLead", "alphaViewer"],
  beta: ["betaBroker"],
  gamma: ["gammaBroker"],
};

/** Companies each team trades (Beta-only and Alpha-only companies kept apart; `untraded` unused). */
function issuerPool(team: TeamKey): FixtureCompany[] {
  const excluded = new Set([SPECIAL_COMPANIES.untraded.id, SPECIAL_COMPANIES.betaOnly.id, SPECIAL_COMPANIES.alphaOnly.id]);
  const pool = COMPANIES.filter((c) => !excluded.has(c.id));
  const offset = { alpha: 0, beta: 7, gamma: 13 }[team];
  return pool.slice(offset, offset + 20);
}

const pick = <T>(rand: () => number, list: readonly T[]): T => list[Math.floor(rand() * list.length)];

interface RowContext {
  team: TeamKey;
  /** The row's number within its team, and overall. */
  i: number;
  g: number;
  rand: () => number;
  pool: FixtureCompany[];
}

/** `counts[team]` rows per team, in team order, from one seeded random stream per table. */
function rowsPerTeam<R>(seed: number, counts: Record<TeamKey, number>, row: (at: RowContext) => R): R[] {
  const rand = mulberry32(seed);
  const out: R[] = [];
  let g = 0;
  for (const team of TEAM_KEYS) {
    const pool = issuerPool(team);
    for (let i = 0; i < counts[team]; i++, g++) out.push(row({ team, i, g, rand, pool }));
  }
  return out;
}

/** A row's id, team and the team member who recorded it. */
function ownership(kind: "indication" | "trade", team: TeamKey, i: number) {
  return { id: fixtureUuid(`${kind}:${team}:${i}`), team, user: TEAM_USERS[team][i % TEAM_USERS[team].length] };
}

function buildIndications(): FixtureIndication[] {
  // Shared timestamps make ties on created_at / updated_at (resolved by id).
  const tieUpdated = new Date(BASE_TIME + 500 * HOUR + 777);
  const tieCreated = new Date(BASE_TIME + 3 * HOUR + 321);
  const out = rowsPerTeam<FixtureIndication>(424242, { alpha: 72, beta: 52, gamma: 26 }, ({ team, i, g, rand, pool }) => {
    const side: Side = SIDES[(i + Math.floor(i / 4)) % 2];
    const stage: Stage = STAGES[i % 3 === 2 ? 1 : 0];
    const visibility: Visibility = VISIBILITIES[(i * 2 + Math.floor(i / 3)) % 3];
    const stockType: StockType = STOCK_TYPES[Math.floor(i / 2) % 2];
    const stockClassType: StockClassType = STOCK_CLASS_TYPES[Math.floor(i / 5) % 2];
    let structure: Structure | null = null;
    let acceptable: Structure[] = [];
    if (side === "offer") {
      structure = STRUCTURES[(i * 3) % STRUCTURES.length];
    } else {
      acceptable = STRUCTURES.filter((_, s) => ((i + s) * 7) % 3 !== 0);
      if (i % 9 === 0) acceptable = [...CURRENT_STRUCTURES];
    }
    let price = randomDecimal(rand);
    let volume = randomDecimal(rand);
    // Edge decimals and ties on price/volume at the start of each team's rows.
    if (i < EDGE_DECIMALS.length) price = EDGE_DECIMALS[i];
    if (i >= 6 && i < 12) volume = EDGE_DECIMALS[i - 6];
    if (i === 12 || i === 13) price = "12.5";
    if (i === 14) price = "0012.50000000"; // non-canonical input: stored and answered as 12.5
    if (i === 15 || i === 16) price = "100";
    if (i === 17 || i === 18) volume = "100";
    if (i === 19) price = "9.5";
    if (i === 20) price = "10";

    const created = i === 21 || i === 22 || i === 23 ? tieCreated : new Date(BASE_TIME + g * 37 * MINUTE + ((g * 123) % 1000));
    let updated = new Date(created.getTime() + Math.floor(rand() * 400) * HOUR + ((g * 71) % 1000));
    if (i === 24 || i === 25 || i === 26 || i === 27) updated = tieUpdated;
    const nullable = i % 4 === 1;
    return {
      ...ownership("indication", team, i),
      issuerId: pool[(i * 3) % pool.length].id,
      acceptableStructures: acceptable,
      carriedInterestFeePercent: nullable ? null : ["20", "15.5", "0", "12.5"][i % 4],
      clientId: nullable ? null : `client-${team}-${i}`,
      createdAt: created,
      details: nullable ? null : `Indication ${i} of ${team}: "quoted", 'single', ünïcödé`,
      lastRefreshedAt: new Date(created.getTime() + 30 * MINUTE),
      managementFeePercent: i % 5 === 2 ? null : ["2", "1.75", "0.5"][i % 3],
      minimumVolume: i % 3 === 1 ? null : pick(rand, ["1000", "25000.5", "0.00000001"]),
      openedAt: new Date(created.getTime() - 15 * MINUTE),
      permalinkId: `IND-${team.toUpperCase()}-${String(i).padStart(4, "0")}`,
      pricePerShare: price,
      privateRecipients:
        visibility === "private" ? [`desk${i}@${team}.test`, ...(i % 2 ? [`ops${i}@partner.test`] : [])] : [],
      side,
      stage,
      stockClass: i % 6 === 5 ? null : pick(rand, ["common", "Series B Preferred", "Series A-1"]),
      stockClassType,
      stockType,
      structure,
      thirdPartyId: i % 7 === 3 ? null : `tp-${team}-${i}`,
      updatedAt: updated,
      visibility,
      volume,
    };
  });
  // Hand-placed rows: the Beta-only and Alpha-only companies, legacy spv on both sides.
  const extra = (team: TeamKey, n: number, issuerId: string, side: Side, structure: Structure | null, acceptable: Structure[]) => {
    const base = out.find((r) => r.team === team)!;
    const created = new Date(BASE_TIME + (1000 + n) * HOUR + 5);
    out.push({
      ...base,
      id: fixtureUuid(`indication:extra:${n}`),
      issuerId,
      side,
      structure,
      acceptableStructures: acceptable,
      createdAt: created,
      openedAt: created,
      lastRefreshedAt: created,
      updatedAt: new Date(created.getTime() + HOUR),
      permalinkId: `IND-EXTRA-${n}`,
      pricePerShare: "42",
      volume: "4200",
    });
  };
  extra("beta", 1, SPECIAL_COMPANIES.betaOnly.id, "bid", null, ["spv", "direct"]);
  extra("beta", 2, SPECIAL_COMPANIES.betaOnly.id, "offer", "spv", []);
  extra("alpha", 3, SPECIAL_COMPANIES.alphaOnly.id, "offer", LEGACY_STRUCTURE, []);
  extra("alpha", 4, SPECIAL_COMPANIES.alphaOnly.id, "bid", null, [LEGACY_STRUCTURE]);
  return out;
}

export const INDICATIONS: readonly FixtureIndication[] = buildIndications();

// ---------------------------------------------------------------------------------------------
// Trades

export interface FixtureTrade {
  id: string;
  team: TeamKey;
  user: UserKey;
  issuerId: string;
  attributedToOwner: boolean;
  carriedInterestFeePercent: string | null;
  clientId: string | null;
  createdAt: Date;
  details: string | null;
  isVerified: boolean;
  managementFeePercent: string | null;
  permalinkId: string;
  pricePerShare: string;
  signDate: string;
  stockClass: string | null;
  stockClassType: StockClassType;
  stockType: StockType;
  structure: Structure;
  thirdPartyId: string | null;
  updatedAt: Date;
  verificationOfficerEmail: string;
  verificationOfficerName: string;
  volume: string;
  wonDate: string;
}

/** Sign dates; several trades share each (ties on sign_date), across a leap day and a year end. */
export const SIGN_DATES = [
  "2024-02-28",
  "2024-02-29",
  "2024-03-01",
  "2025-06-15",
  "2025-12-31",
  "2026-01-01",
  "2026-01-31",
  "2026-02-01",
  "2026-03-15",
  "2026-07-04",
  "2026-11-25",
] as const;

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 24 * HOUR).toISOString().slice(0, 10);
}

function buildTrades(): FixtureTrade[] {
  const tieUpdated = new Date(BASE_TIME + 150 * HOUR + 999);
  const out = rowsPerTeam<FixtureTrade>(8675309, { alpha: 35, beta: 28, gamma: 14 }, ({ team, i, g, rand, pool }) => {
    let price = randomDecimal(rand);
    let volume = randomDecimal(rand);
    if (i < EDGE_DECIMALS.length) volume = EDGE_DECIMALS[i];
    if (i >= 6 && i < 12) price = EDGE_DECIMALS[i - 6];
    if (i === 12 || i === 13) price = "100";
    if (i === 14) volume = "12.5";
    const signDate = SIGN_DATES[(i * 4 + g) % SIGN_DATES.length];
    const created = new Date(BASE_TIME + g * 53 * MINUTE + ((g * 211) % 1000));
    let updated = new Date(created.getTime() + Math.floor(rand() * 300) * HOUR + ((g * 13) % 1000));
    if (i === 20 || i === 21 || i === 22) updated = tieUpdated;
    const nullable = i % 4 === 2;
    return {
      ...ownership("trade", team, i),
      issuerId: pool[(i * 5 + 1) % pool.length].id,
      attributedToOwner: i % 3 === 0,
      carriedInterestFeePercent: nullable ? null : ["20", "17.25"][i % 2],
      clientId: nullable ? null : `trade-client-${team}-${i}`,
      createdAt: created,
      details: nullable ? null : `Trade ${i} of ${team}; 'quoted' -- not SQL`,
      isVerified: i % 5 < 2,
      managementFeePercent: i % 6 === 1 ? null : "2",
      permalinkId: `TRD-${team.toUpperCase()}-${String(i).padStart(4, "0")}`,
      pricePerShare: price,
      signDate,
      stockClass: i % 5 === 4 ? null : "Series C Preferred",
      stockClassType: STOCK_CLASS_TYPES[Math.floor(i / 3) % 2],
      stockType: STOCK_TYPES[Math.floor(i / 2) % 2],
      structure: STRUCTURES[i % STRUCTURES.length],
      thirdPartyId: i % 7 === 6 ? null : `ext-${team}-${i}`,
      updatedAt: updated,
      verificationOfficerEmail: `officer${i % 4}@${team}.test`,
      verificationOfficerName: ["Olivia Officer", "Oscar Ødegaard", "Owen O'Neil", "Ola"][i % 4],
      volume,
      wonDate: addDays(signDate, (i * 3) % 20),
    };
  });
  const base = out.find((t) => t.team === "beta")!;
  out.push({ ...base, id: fixtureUuid("trade:extra:1"), issuerId: SPECIAL_COMPANIES.betaOnly.id, permalinkId: "TRD-EXTRA-1", structure: "spv" });
  const alphaBase = out.find((t) => t.team === "alpha")!;
  out.push({ ...alphaBase, id: fixtureUuid("trade:extra:2"), issuerId: SPECIAL_COMPANIES.alphaOnly.id, permalinkId: "TRD-EXTRA-2", structure: "spv" });
  return out;
}

export const TRADES: readonly FixtureTrade[] = buildTrades();

// ---------------------------------------------------------------------------------------------
// Rows as stored (Prisma create data)

export function teamRows() {
  return Object.values(TEAMS).map((t) => ({ id: t.id, name: t.name, createdAt: t.createdAt }));
}

export function userRows() {
  return Object.values(USERS).map((u) => ({
    id: u.id,
    email: u.email,
    name: u.name,
    passwordHash: FIXTURE_PASSWORD_HASH,
    role: u.role,
    permissions: JSON.stringify(u.permissions),
    teamId: TEAMS[u.team].id,
    createdAt: new Date("2025-02-01T00:00:00.000Z"),
  }));
}

export function apiKeyRows() {
  return Object.values(API_KEYS).map((k) => ({
    id: k.id,
    userId: USERS[k.user].id,
    name: k.name,
    prefix: k.secret.slice(0, 12),
    secretHash: sha256Hex(k.secret),
    scopes: JSON.stringify(k.scopes),
    createdAt: k.createdAt,
    lastUsedAt: null,
    revokedAt: k.revokedAt,
  }));
}

export function companyRows() {
  return COMPANIES.map((c) => ({
    id: c.id,
    name: c.name,
    legalName: c.legalName,
    searchText: companySearchText(c.name, c.legalName),
    country: c.country,
    region: c.region,
    url: c.url,
    platformUrl: c.platformUrl,
    description: c.description,
    logoColor: c.logoColor,
    leadInvestors: JSON.stringify(c.leadInvestors),
  }));
}

/** Stored form of a decimal: exactly 18 integer digits, a dot, 8 fractional digits. */
export type StoreDecimal = (value: string) => string;

type Stored<R, D extends keyof R, L extends keyof R> = Omit<R, "team" | "user" | D | L> & { teamId: string; userId: string } & {
  [K in D]: null extends R[K] ? string | null : string;
} & { [K in L]: string };

/** A fixture row as stored: its team's and user's ids, decimals in the stored form, lists as JSON text. */
function asStored<R extends { team: TeamKey; user: UserKey }, D extends keyof R, L extends keyof R>(
  row: R,
  store: StoreDecimal,
  decimals: readonly D[],
  lists: readonly L[],
): Stored<R, D, L> {
  const { team, user, ...rest } = row;
  const stored: Record<string, unknown> = { ...rest, teamId: TEAMS[team].id, userId: USERS[user].id };
  for (const key of decimals) stored[key as string] = row[key] === null ? null : store(row[key] as string);
  for (const key of lists) stored[key as string] = JSON.stringify(row[key]);
  return stored as Stored<R, D, L>;
}

const INDICATION_DECIMALS = ["carriedInterestFeePercent", "managementFeePercent", "minimumVolume", "pricePerShare", "volume"] as const;
const TRADE_DECIMALS = ["carriedInterestFeePercent", "managementFeePercent", "pricePerShare", "volume"] as const;

export function indicationRows(store: StoreDecimal) {
  return INDICATIONS.map((r) => asStored(r, store, INDICATION_DECIMALS, ["acceptableStructures", "privateRecipients"] as const));
}

export function tradeRows(store: StoreDecimal) {
  return TRADES.map((r) => asStored(r, store, TRADE_DECIMALS, [] as const));
}

// ---------------------------------------------------------------------------------------------
// Expected API shapes, computed from the fixture (independently of the serializers under test)

const companyById = new Map(COMPANIES.map((c) => [c.id, c]));

function issuerOf(id: string): { id: string; name: string } {
  const c = companyById.get(id);
  if (!c) throw new Error(`no fixture company ${id}`);
  return { id: c.id, name: c.name };
}

const dec = (v: string | null) => (v === null ? null : canonicalDecimal(v));

export function expectedCompanyDetail(c: FixtureCompany, origin = "http://localhost") {
  const logos = Object.fromEntries(LOGO_SIZES.map((n) => [`logo_${n}x${n}`, `${origin}/logos/${c.id}/${n}x${n}.svg`]));
  return {
    id: c.id,
    name: c.name,
    legal_name: c.legalName,
    country: c.country,
    region: c.region,
    url: c.url,
    platform_url: c.platformUrl,
    description: c.description,
    logos,
    lead_investors: c.leadInvestors,
  };
}

/** Expected fields indications and trades share, in the stretches where both have them. */
function expectedOrigin(r: FixtureIndication | FixtureTrade) {
  return {
    carried_interest_fee_percent: dec(r.carriedInterestFeePercent),
    client_id: r.clientId,
    created_at: r.createdAt.toISOString(),
    details: r.details,
    issuer: issuerOf(r.issuerId),
  };
}

function expectedStock<R extends FixtureIndication | FixtureTrade>(r: R) {
  return {
    stock_class: r.stockClass,
    stock_class_type: r.stockClassType,
    stock_type: r.stockType,
    structure: r.structure as R["structure"],
    third_party_id: r.thirdPartyId,
    updated_at: r.updatedAt.toISOString(),
  };
}

export function expectedIndication(r: FixtureIndication) {
  return {
    id: r.id,
    acceptable_structures: r.acceptableStructures,
    ...expectedOrigin(r),
    last_refreshed_at: r.lastRefreshedAt.toISOString(),
    management_fee_percent: dec(r.managementFeePercent),
    minimum_volume: dec(r.minimumVolume),
    opened_at: r.openedAt.toISOString(),
    permalink_id: r.permalinkId,
    price_per_share: canonicalDecimal(r.pricePerShare),
    private_recipients: r.privateRecipients,
    side: r.side,
    stage: r.stage,
    ...expectedStock(r),
    visibility: r.visibility,
    volume: canonicalDecimal(r.volume),
  };
}

export function expectedTrade(r: FixtureTrade) {
  return {
    id: r.id,
    attributed_to_owner: r.attributedToOwner,
    ...expectedOrigin(r),
    is_verified: r.isVerified,
    management_fee_percent: dec(r.managementFeePercent),
    permalink_id: r.permalinkId,
    price_per_share: canonicalDecimal(r.pricePerShare),
    sign_date: r.signDate,
    ...expectedStock(r),
    verification_officer_email: r.verificationOfficerEmail,
    verification_officer_name: r.verificationOfficerName,
    volume: canonicalDecimal(r.volume),
    won_date: r.wonDate,
  };
}

// ---------------------------------------------------------------------------------------------
// Ordering helpers (JS re-statement of the contract: key, direction, then id ascending)

export type SortValue = bigint | number | string;

/** Binary (code point) string order, the order of both databases' default collation here. */
function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareValues(a: SortValue, b: SortValue): number {
  if (typeof a === "string" && typeof b === "string") return compareStrings(a, b);
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Sorts rows by `key` (desc when `descending`), ties by id ascending. Does not mutate. */
export function sortRows<T extends { id: string }>(rows: readonly T[], key: (row: T) => SortValue, descending: boolean): T[] {
  return [...rows].sort((a, b) => {
    const c = compareValues(key(a), key(b));
    if (c !== 0) return descending ? -c : c;
    return compareStrings(a.id, b.id);
  });
}

export const INDICATION_SORT_KEYS: Record<string, (r: FixtureIndication) => SortValue> = {
  created_at: (r) => r.createdAt.getTime(),
  updated_at: (r) => r.updatedAt.getTime(),
  opened_at: (r) => r.openedAt.getTime(),
  last_refreshed_at: (r) => r.lastRefreshedAt.getTime(),
  price_per_share: (r) => units(r.pricePerShare),
  volume: (r) => units(r.volume),
};

export const TRADE_SORT_KEYS: Record<string, (r: FixtureTrade) => SortValue> = {
  created_at: (r) => r.createdAt.getTime(),
  updated_at: (r) => r.updatedAt.getTime(),
  sign_date: (r) => r.signDate,
  won_date: (r) => r.wonDate,
  price_per_share: (r) => units(r.pricePerShare),
  volume: (r) => units(r.volume),
};

/** Sort per the API's `sort` parameter syntax ("-updated_at"). */
export function sortBy<T extends { id: string }>(rows: readonly T[], keys: Record<string, (r: T) => SortValue>, sort: string): T[] {
  const descending = sort.startsWith("-");
  const key = keys[descending ? sort.slice(1) : sort];
  if (!key) throw new Error(`unknown sort ${sort}`);
  return sortRows(rows, key, descending);
}

export const teamIndications = (team: TeamKey) => INDICATIONS.filter((r) => r.team === team);
export const teamTrades = (team: TeamKey) => TRADES.filter((r) => r.team === team);

/** Enumerations re-exported for tests. */
export { SIDES, STAGES, STOCK_CLASS_TYPES, STOCK_TYPES, STRUCTURES, VISIBILITIES };
