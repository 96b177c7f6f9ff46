import { BROKER_PERMISSIONS, type Permission } from "../../lib/domain/enums";
import { Rng } from "../../lib/random";
import { TEAMS, USERS } from "./accounts";
import { namedUuid } from "./prng";
import { FIRST_NAMES, LAST_NAMES } from "./vocab";

/** The large seed's teams and users: the demo accounts first, then a long tail from the same word lists. */

/** "Now" of the generated data: fixed so the data set is the same on every run. */
const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const DAY = 86_400_000;
const HISTORY_DAYS = 3 * 365;

export interface TeamRow {
  id: string;
  name: string;
  createdAt: number;
  weight: number;
}

export interface UserRow {
  id: string;
  email: string;
  name: string;
  role: string;
  permissions: string;
  teamId: string;
  createdAt: number;
}

const TEAM_WORDS_A = ["Harbor", "Summit", "Granite", "Beacon", "Cedar", "Northbridge", "Ironside", "Bluewater", "Kingsley", "Meridian", "Ashford", "Clearpoint", "Redstone", "Westlake", "Oakmont", "Silverline", "Foxhall", "Lakeview", "Brookfield", "Stonegate"] as const;
const TEAM_WORDS_B = ["Securities", "Capital Markets", "Private Markets", "Partners", "Advisors", "Secondaries", "Brokerage", "Trading"] as const;

/** The five demo teams first (fixed ids as in the demo seed), then generated ones. */
export function buildTeams(seed: number, count: number, recordTeams = count): TeamRow[] {
  const teams: TeamRow[] = TEAMS.map((t, i) => ({
    id: namedUuid(seed, "team", t.key),
    name: t.name,
    createdAt: NOW - (HISTORY_DAYS + 30 - i) * DAY,
    weight: 0,
  }));
  const names = new Set(teams.map((t) => t.name));
  for (let i = teams.length; i < count; i++) {
    const rng = new Rng(seed * 7919 + i);
    let name = `${rng.pick(TEAM_WORDS_A)} ${rng.pick(TEAM_WORDS_B)}`;
    if (names.has(name)) name = `${name} ${["II", "III", "IV", "Europe", "Asia", "West", "East"][i % 7]}`;
    if (names.has(name)) name = `${name} ${i}`;
    names.add(name);
    teams.push({ id: namedUuid(seed, "team", `large-${i}`), name, createdAt: NOW - rng.int(60, HISTORY_DAYS) * DAY, weight: 0 });
  }
  // Skew: Zipf-like weights over the trading teams, Alpha first (the biggest), then Beta, Gamma,
  // Delta, then the long tail. The ops team does not trade.
  const trading = teams.filter((t) => t.name !== "Marketplace Operations");
  trading.forEach((t, rank) => (t.weight = rank < recordTeams ? 1 / Math.pow(rank + 1, 1.05) : 0));
  return teams;
}

function slug(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

export function buildUsers(seed: number, teams: TeamRow[]): UserRow[] {
  const byKey = new Map(TEAMS.map((t) => [t.key, teams.find((row) => row.name === t.name)!]));
  const users: UserRow[] = USERS.map((u, i) => ({
    id: namedUuid(seed, "user", u.email),
    email: u.email,
    name: u.name,
    role: u.role,
    permissions: JSON.stringify(u.permissions),
    teamId: byKey.get(u.team)!.id,
    createdAt: NOW - (HISTORY_DAYS + 20 - i) * DAY,
  }));
  const maxWeight = Math.max(...teams.map((t) => t.weight));
  for (const [t, team] of teams.entries()) {
    if (t < TEAMS.length) continue;
    const domain = `${slug(team.name)}-${t}.example`;
    const extra = 2 + Math.round(10 * Math.sqrt(team.weight / maxWeight));
    for (let k = 0; k < extra; k++) {
      const rng = new Rng(seed * 104_729 + t * 97 + k);
      const first = rng.pick(FIRST_NAMES);
      const last = rng.pick(LAST_NAMES);
      const lead = k === 0;
      const permissions: Permission[] = rng.chance(0.1) ? ["indications_manage", "trades_manage"] : [...BROKER_PERMISSIONS];
      users.push({
        id: namedUuid(seed, "user", `${domain}:${k}`),
        email: `${slug(first)}.${slug(last)}.${k}@${domain}`,
        name: `${first} ${last}`,
        role: lead ? "team_lead" : "broker",
        permissions: JSON.stringify(permissions),
        teamId: team.id,
        createdAt: team.createdAt + rng.int(0, 30) * DAY,
      });
    }
  }
  return users;
}
