import "server-only";
import { randomUUID } from "node:crypto";
import { setImmediate as nextTurn } from "node:timers/promises";
import { sql } from "kysely";
import { getDb, getEngine, isUniqueViolation, type Db } from "../db/client";
import type { Engine } from "../db/engine";
import { compiled } from "../db/sql";
import { transaction } from "../db/transaction";
import { envInteger } from "../env-number";
import { logger } from "../log/logger";
import { utcToday } from "../market/summary";
import type { MarketFactors } from "./adjustments";
import { updateDesk50 } from "./desk50";
import type { MarkState } from "./estimator";
import { dayNumber } from "../domain/days";
import { carryForward, companyHistory, rebookToday, type History } from "./history";
import { companyInputs, openBook } from "./inputs";
import { keepCurrentMarks } from "./current";
import { markRow, storedFactors, storedState, upsertMarks } from "./store";

/**
 * Keeps every company's current mark up to date (docs/marks.md, "Storage and updates"). The
 * signal is the audit trail the writes already record: each pass reads the trade and indication
 * events after the last one it saw (one seek on the key), and brings up to date the current mark of
 * each company they touch, after their commit and outside their transactions: made again from its
 * stored state when only its visible book moved, else recomputed from its history. Once a UTC day ends, every
 * company's series is carried to the new day from its stored state, and the Desk 50 extended to it;
 * today's index value is recomputed after a pass that recomputed a member's mark. One process at a
 * time: it holds a lease in `mark_worker`, like the webhook worker holds its endpoints'.
 */

const WORKER_ID = "marks";
/** How long the lease lasts unrenewed: a process that dies hands over after this. */
const LEASE_MS = envInteger(process.env.MARKS_LEASE_MS, 1_000, 3_600_000, 15_000);
/**
 * On PostgreSQL a transaction can commit after another that took a later seq, so the persisted
 * cursor trails by this much and a sweep from it runs every SWEEP_MS: no event is missed, and a
 * late one waits at most a sweep. Longer than any write transaction can last (lib/db/client.ts).
 */
const SETTLE_MS = 60_000;
const SWEEP_MS = 5_000;
/** Events read per statement; a busier pass reads on. */
const EVENTS_PER_READ = 1_000;
/** States carried per statement at the day's end. */
const STATES_PER_READ = 500;

export const MARKS_OWNER = randomUUID();

/** The lease as this process last took or renewed it, and the row's day and cursor since. */
interface Held {
  owner: string;
  until: number;
  day: string | null;
  seq: number;
}

interface Progress {
  held: Held | null;
  /** The newest event this process has read: the fast path reads after it. */
  seen: number;
  /** Events after the persisted cursor already handled by this process (the sweep skips them), with when each was recorded. */
  handled: Map<number, number>;
  lastSweep: number;
  /** The day this process last brought the Desk 50 to (null: not yet under this lease), and the companies its values read then. */
  indexDay: string | null;
  indexCompanies: ReadonlySet<string>;
}

const progress: Progress = { held: null, seen: 0, handled: new Map(), lastSweep: 0, indexDay: null, indexCompanies: new Set() };

/** The worker's row, made by the first process that looks (of several at once, one makes it). */
async function firstRow(db: Db) {
  await db.markWorker.create({ data: { id: WORKER_ID } }).catch((error: unknown) => {
    if (!isUniqueViolation(error)) throw error;
  });
  return db.markWorker.findUniqueOrThrow({ where: { id: WORKER_ID } });
}

/**
 * Holds the lease. While this process holds it with more than half its term left, no statement:
 * the events' read checks it still stands (the rebuild takes it from whoever holds it). Else one
 * read, and one conditional UPDATE to take or renew it.
 */
async function holdLease(db: Db, owner: string, now: Date): Promise<Held | null> {
  const held = progress.held;
  if (held?.owner === owner && held.until - now.getTime() > LEASE_MS / 2) return held;
  const row = (await db.markWorker.findUnique({ where: { id: WORKER_ID } })) ?? (await firstRow(db));
  const until = row.leaseUntil?.getTime() ?? 0;
  if (row.leaseOwner !== owner && row.leaseOwner !== null && until > now.getTime()) return (progress.held = null);
  const { count } = await db.markWorker.updateMany({
    where: { id: WORKER_ID, OR: [{ leaseOwner: null }, { leaseOwner: owner }, { leaseUntil: { lt: now } }] },
    data: { leaseOwner: owner, leaseUntil: new Date(now.getTime() + LEASE_MS) },
  });
  // Taken over (from another process, or a rebuild that replaced everything): nothing this process knew still holds.
  if (count === 1 && row.leaseOwner !== owner) Object.assign(progress, { seen: row.seq, handled: new Map(), lastSweep: 0, indexDay: null, indexCompanies: new Set() });
  progress.held = count === 1 ? { owner, until: now.getTime() + LEASE_MS, day: row.day, seq: row.seq } : null;
  return progress.held;
}

/**
 * The events after `after`, each with its company when it is a trade's or an indication's (the
 * others are read too, so the fast path's start moves past them), while `owner` holds the lease.
 */
function eventsSql(engine: Engine, after: number, owner: string, now: Date) {
  const db = engine.dialect.db;
  const leased = db
    .selectFrom("mark_worker as w")
    .select("w.id")
    .where("w.id", "=", WORKER_ID)
    .where("w.lease_owner", "=", owner)
    .where("w.lease_until", ">", engine.dialect.timestampParam(now) as never);
  return compiled(
    engine.dialect,
    db
      .selectFrom("audit_events as e")
      .leftJoin("trades as t", (j) => j.on("e.resource_type", "=", sql.lit("trade")).onRef("t.id", "=", "e.resource_id"))
      .leftJoin("indications as i", (j) => j.on("e.resource_type", "=", sql.lit("indication")).onRef("i.id", "=", "e.resource_id"))
      .select(["e.seq", "e.occurred_at", "e.resource_type", "i.visibility", sql<string | null>`COALESCE(t.issuer_id, i.issuer_id)`.as("company_id")])
      .where("e.seq", ">", after)
      .where(({ exists }) => exists(leased))
      .orderBy("e.seq")
      .limit(EVENTS_PER_READ),
  );
}

type EventRow = { seq: number | string; occurred_at: unknown; resource_type: string; visibility: string | null; company_id: string | null };

const msOf = (value: unknown) => (typeof value === "number" ? value : Date.parse(`${String(value).replace(" ", "T")}Z`));

/**
 * The companies the events touch, in two kinds: those only a visible order's write touched (only
 * their book moved today: rebooked), and those a trade's or a private order's did (recomputed).
 */
function touched(events: readonly EventRow[]): { rebook: Set<string>; recompute: Set<string> } {
  const recompute = new Set<string>();
  for (const e of events) if (e.company_id && (e.resource_type !== "indication" || e.visibility === "private")) recompute.add(e.company_id);
  const rebook = new Set(events.flatMap((e) => (e.company_id && !recompute.has(e.company_id) ? [e.company_id] : [])));
  return { rebook, recompute };
}

/** Today's marks and series' states, as the pass stores them. */
interface Computed {
  rows: unknown[][];
  states: { companyId: string; state: MarkState }[];
}

function add(into: Computed, companyId: string, history: History): void {
  for (const mark of history.marks) into.rows.push(markRow(companyId, mark));
  if (history.state) into.states.push({ companyId, state: history.state });
}

/** The current mark (today's) of each company, its whole series recomputed from its inputs. */
async function recompute(ids: readonly string[], today: string, factors: MarketFactors, engine: Engine, into: Computed): Promise<void> {
  for (const id of ids) {
    // SQLite's reads block the server's one thread: a turn before each company lets the requests waiting meanwhile run (docs/performance.md, "Writes").
    await nextTurn();
    add(into, id, companyHistory(await companyInputs(engine, id), factors, today, today));
  }
}

/**
 * The current mark of each company whose book alone moved, made again from its stored state and
 * its open orders (rebookToday), not its history: two seeks, a company at a time with a turn
 * between, as recompute's. Answers the companies without a state standing at today, which are
 * recomputed.
 */
async function rebook(ids: readonly string[], today: string, factors: MarketFactors, engine: Engine, into: Computed): Promise<string[]> {
  const rest: string[] = [];
  for (const id of ids) {
    await nextTurn();
    const [state, book] = await Promise.all([storedState(engine, id), openBook(engine, id)]);
    if (state?.day !== dayNumber(today)) rest.push(id);
    else add(into, id, rebookToday(state, factors, book, today));
  }
  return rest;
}

/** Brings the current mark of each company the events touch up to date (docs/marks.md, "Storage and updates"). */
async function updateCompanies(events: readonly EventRow[], today: string, factors: MarketFactors, db: Db, engine: Engine): Promise<Set<string>> {
  const { rebook: moved, recompute: rewalk } = touched(events);
  const computed: Computed = { rows: [], states: [] };
  const rest = moved.size ? await rebook([...moved], today, factors, engine, computed) : [];
  await recompute([...rewalk, ...rest], today, factors, engine, computed);
  const ids = [...moved, ...rewalk];
  // One write transaction on the writer's connection: the marks, the states and the directory's columns (docs/performance.md, "Writes").
  await transaction(async (write) => {
    await upsertMarks(write.tx, engine.dialect, computed.rows, computed.states);
    await keepCurrentMarks(write, engine.dialect, today, ids);
  }, db);
  return new Set(ids);
}

/** Every company's series carried from its stored state to `today` (nothing new came since). */
async function carryAll(today: string, factors: MarketFactors, db: Db): Promise<void> {
  const engine = getEngine();
  for (let after = ""; ; ) {
    const batch = await db.markState.findMany({ where: { companyId: { gt: after }, date: { lt: today } }, orderBy: { companyId: "asc" }, take: STATES_PER_READ });
    if (batch.length === 0) return;
    const rows: unknown[][] = [];
    const states: { companyId: string; state: MarkState }[] = [];
    for (const { companyId, state } of batch) {
      const carried = carryForward(JSON.parse(state) as MarkState, factors, today);
      for (const mark of carried.marks) rows.push(markRow(companyId, mark));
      states.push({ companyId, state: carried.state });
    }
    await transaction(({ tx }) => upsertMarks(tx, engine.dialect, rows, states), db);
    after = batch[batch.length - 1].companyId;
  }
}

/** The events after `after` that this process has not handled yet. */
async function pendingEvents(engine: Engine, after: number, owner: string, now: Date): Promise<EventRow[]> {
  const pending: EventRow[] = [];
  for (let from = after; ; ) {
    const rows = await engine.run<EventRow>(eventsSql(engine, from, owner, now));
    for (const row of rows) if (!progress.handled.has(Number(row.seq))) pending.push(row);
    if (rows.length < EVENTS_PER_READ) return pending;
    from = Number(rows[rows.length - 1].seq);
  }
}

/**
 * One pass: take or keep the lease, carry every series to a new day, then recompute the current
 * mark of each company written since the last pass. With nothing new, one statement: the events'
 * read. Answers how many companies it recomputed (null: another process holds the lease).
 */
export async function runMarksPass(now = new Date(), owner = MARKS_OWNER, db: Db = getDb()): Promise<number | null> {
  const worker = await holdLease(db, owner, now);
  if (!worker) return null;
  const engine = getEngine();
  const today = utcToday(now);
  // Read only when there is work: a pass with nothing new reads nothing else.
  let factors: MarketFactors | undefined;
  const factorsNow = async () => (factors ??= await storedFactors(db));
  if (worker.day !== null && worker.day < today) {
    await carryAll(today, await factorsNow(), db);
    // Every company's current mark is today's now, and its 30-day change is measured from another day.
    await keepCurrentMarks({ run: engine.run, tx: db }, engine.dialect, today);
  }
  if (worker.day !== today) {
    await db.markWorker.update({ where: { id: WORKER_ID }, data: { day: today } });
    worker.day = today;
  }
  const sweep = now.getTime() - progress.lastSweep >= SWEEP_MS;
  const events = await pendingEvents(engine, sweep ? worker.seq : Math.max(progress.seen, worker.seq), owner, now);
  const companies = events.some((e) => e.company_id) ? await updateCompanies(events, today, await factorsNow(), db, engine) : new Set<string>();
  for (const e of events) {
    progress.handled.set(Number(e.seq), msOf(e.occurred_at));
    progress.seen = Math.max(progress.seen, Number(e.seq));
  }
  if (sweep) await settle(db, worker, now);
  // Once a day (the roll), and when a member's mark moved: the Market page's index shows today's marks.
  if (progress.indexDay !== today || [...companies].some((id) => progress.indexCompanies.has(id))) await keepIndex(db, today);
  return companies.size;
}

/**
 * The Desk 50 brought to `today` (lib/marks/desk50.ts). Last in the pass, and its failure logged
 * rather than thrown, so that the marks never wait on the index: a failed update is tried again
 * at the next write to a member or the next day.
 */
async function keepIndex(db: Db, today: string): Promise<void> {
  progress.indexDay = today;
  try {
    progress.indexCompanies = (await updateDesk50(db, today)) ?? new Set();
  } catch (error) {
    logger.error({ err: error }, "the Desk 50's update failed");
  }
}

/** Moves the persisted cursor past the events no earlier transaction can still commit before. */
async function settle(db: Db, worker: Held, now: Date): Promise<void> {
  progress.lastSweep = now.getTime();
  const from = worker.seq;
  let settled = from;
  for (const [seq, at] of progress.handled) if (seq > settled && now.getTime() - at >= SETTLE_MS) settled = seq;
  if (settled === from) return;
  for (const seq of progress.handled.keys()) if (seq <= settled) progress.handled.delete(seq);
  await db.markWorker.update({ where: { id: WORKER_ID }, data: { seq: settled } });
  worker.seq = settled;
}

/** The day and cursor a rebuild leaves: every company is computed up to `today`, and every event up to `seq`. */
export async function markRebuilt(db: Db, today: string, seq: number): Promise<void> {
  const done = { day: today, seq, leaseOwner: null, leaseUntil: null };
  await db.markWorker.upsert({ where: { id: WORKER_ID }, create: { id: WORKER_ID, ...done }, update: done });
}

/** The rebuild holds the updater's lease while it runs (taken from whoever held it: it replaces every mark). */
export async function holdForRebuild(db: Db, now = new Date()): Promise<void> {
  const held = { leaseOwner: "rebuild", leaseUntil: new Date(now.getTime() + 3_600_000) };
  await db.markWorker.upsert({ where: { id: WORKER_ID }, create: { id: WORKER_ID, ...held }, update: held });
}
