import "server-only";
import { createHash } from "node:crypto";
import { ApiError } from "../schema/errors";
import type { Write } from "../db/transaction";
import { getEngine } from "../db/client";
import { readItem, type ItemSource } from "../db/item";
import type { RefJoin } from "../db/list-query";
import { storedRecordId } from "./common";

/**
 * Where an indication or a trade is read from: its table, its fields and the join of its issuer.
 * A list (lib/<resource>/queries.ts) and one row alone (here) read through the same description,
 * so the database writes a record's JSON one way (lib/db/item.ts).
 */
export interface RecordSource<T, TB extends "indications" | "trades" = "indications" | "trades"> extends ItemSource<T> {
  /** Named in the 404 and 412 messages. */
  noun: "indication" | "trade";
  table: TB;
  joins: readonly RefJoin[];
  /** The row's team beside the item (findRecord's answer). */
  columns: { team: "team_id" };
}

/**
 * The record as the API shows it, of team `teamId` (any team's when null), or 404: another team's id
 * looks exactly like an unknown one. Inside a write's transaction when `write` is given.
 */
export async function findRecord<T>(source: RecordSource<T>, id: string, teamId: string | null, write?: Write): Promise<{ item: T; teamId: string }> {
  const engine = getEngine();
  const key = { id: storedRecordId(id, source.noun), team: teamId ?? undefined };
  const found = await readItem(write ? write.run : engine.run, engine.dialect, source, key);
  if (!found) throw ApiError.notFound(`No ${source.noun} with id ${id}.`);
  return { item: found.item, teamId: String(found.columns.team) };
}

/** A resource as the API shows it, with the validator of that state (ETag). */
export interface Versioned<T> {
  resource: T;
  etag: string;
}

export function versioned<T>(resource: T): Versioned<T> {
  // Every write moves updated_at, so the content's hash changes with every write.
  const etag = `"${createHash("sha256").update(JSON.stringify(resource)).digest("base64url").slice(0, 22)}"`;
  return { resource, etag };
}
