import { BROKER_PERMISSIONS, type Permission, type Role } from "../../lib/domain/enums";

/**
 * The fixed teams and users of the demo data. Docs, scripts and tests rely on the demo accounts
 * (password `demo-password` for every seeded user); the other users add realism.
 */

export const DEMO_PASSWORD = "demo-password";

export interface TeamSpec {
  key: string;
  name: string;
  /** Relative share of the generated indications and trades (0: the team does not trade). */
  tradingWeight: number;
}

export const TEAMS: readonly TeamSpec[] = [
  { key: "alpha", name: "Alpha", tradingWeight: 32 },
  { key: "beta", name: "Beta", tradingWeight: 28 },
  { key: "gamma", name: "Gamma", tradingWeight: 22 },
  { key: "delta", name: "Delta", tradingWeight: 18 },
  { key: "ops", name: "Marketplace Operations", tradingWeight: 0 },
];

export interface UserSpec {
  email: string;
  name: string;
  team: string;
  role: Role;
  permissions: readonly Permission[];
}

const ALL = BROKER_PERMISSIONS;
const NO_COMPANIES: readonly Permission[] = ["indications_manage", "trades_manage"];
const READ_ONLY: readonly Permission[] = ["companies"];
const OPS: readonly Permission[] = [...BROKER_PERMISSIONS, "trades_verify", "deals_manage"];

/** Whether a user's indications and trades can exist: generated rows belong only to those who may write them. */
export function mayOwnRecords(permissions: readonly string[]): boolean {
  return permissions.includes("indications_manage") || permissions.includes("trades_manage");
}

export const USERS: readonly UserSpec[] = [
  // Demo accounts (fixed).
  { email: "broker@alpha.example", name: "Avery Chen", team: "alpha", role: "broker", permissions: ALL },
  { email: "lead@alpha.example", name: "Jordan Okafor", team: "alpha", role: "team_lead", permissions: ALL },
  { email: "viewer@alpha.example", name: "Priya Patel", team: "alpha", role: "broker", permissions: NO_COMPANIES },
  { email: "broker@beta.example", name: "Kenji Nakamura", team: "beta", role: "broker", permissions: ALL },
  { email: "ops@marketplace.example", name: "Ibrahim Novak", team: "ops", role: "marketplace_ops", permissions: OPS },
  { email: "analyst@alpha.example", name: "Noor Rahman", team: "alpha", role: "broker", permissions: READ_ONLY },
  // More users per team.
  { email: "mateo.garcia@alpha.example", name: "Mateo García", team: "alpha", role: "broker", permissions: ALL },
  { email: "hannah.schmidt@alpha.example", name: "Hannah Schmidt", team: "alpha", role: "broker", permissions: ALL },
  { email: "lead@beta.example", name: "Olivia Brennan", team: "beta", role: "team_lead", permissions: ALL },
  { email: "samuel.lindqvist@beta.example", name: "Samuel Lindqvist", team: "beta", role: "broker", permissions: ALL },
  { email: "amara.haddad@beta.example", name: "Amara Haddad", team: "beta", role: "broker", permissions: NO_COMPANIES },
  { email: "lead@gamma.example", name: "Lukas Rossi", team: "gamma", role: "team_lead", permissions: ALL },
  { email: "sofia.kowalski@gamma.example", name: "Sofia Kowalski", team: "gamma", role: "broker", permissions: ALL },
  { email: "noah.dubois@gamma.example", name: "Noah Dubois", team: "gamma", role: "broker", permissions: ALL },
  { email: "lead@delta.example", name: "Chloé Mensah", team: "delta", role: "team_lead", permissions: ALL },
  { email: "elias.tanaka@delta.example", name: "Elias Tanaka", team: "delta", role: "broker", permissions: ALL },
  { email: "grace.moreau@delta.example", name: "Grace Moreau", team: "delta", role: "broker", permissions: ALL },
  { email: "maya.silva@marketplace.example", name: "Maya Silva", team: "ops", role: "marketplace_ops", permissions: OPS },
];
