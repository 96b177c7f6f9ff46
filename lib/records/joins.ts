import type { RefJoin } from "../db/list-query";

/** The join that gives an indication's or a trade's row (`t`) its `issuer` (a `ref` field). */
export const ISSUER_JOIN: RefJoin = { table: "companies", as: "issuer", on: "issuer_id" };

/** The join that gives a row (`t`) its owner's `team` (a `ref` field, or the market's computed team). */
export const TEAM_JOIN: RefJoin = { table: "teams", as: "team", on: "team_id" };

/** The join that gives a trade's row (`t`) its `broker`: the team member who recorded it (`user_id`). */
export const BROKER_JOIN: RefJoin = { table: "users", as: "broker", on: "user_id" };
