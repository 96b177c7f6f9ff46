import "server-only";
import { engineOf, type Db } from "../db/client";
import { utcToday } from "../market/summary";
import { estimateMarketFactors } from "./adjustments";
import { markSink, type StateRow } from "./bulk";
import { currentOfSeries, type CurrentMark } from "./current";
import { dayDate } from "../domain/days";
import { Desk50Builder, storeDesk50 } from "./desk50";
import { companyHistory, type CompanyInputs } from "./history";
import { readInputs } from "./inputs";
import { markWritten } from "./kept";
import { markRow, storeFactors } from "./store";
import { holdForRebuild, markRebuilt } from "./updater";

/**
 * `npm run marks:rebuild` (and the seeds): every day of every company recomputed, from its first
 * observation to today, and stored. The inputs are read in bulk, one statement per table in
 * company order; the market factors are computed from all of them first (they are
 * recomputed at each rebuild only: docs/marks.md, "Storage and updates"); then each company is
 * walked and its rows written in batches, and the Desk 50 (lib/marks/desk50.ts) computed from
 * them. The updater's lease is held meanwhile, and its cursor set to the last event read before the inputs, so writes made during the rebuild are redone.
 */

/** Mark rows per write. */
const ROWS_PER_WRITE = 20_000;

export interface RebuildResult {
  companies: number;
  marks: number;
  seconds: number;
}

export async function rebuildMarks(db: Db, url: string, now = new Date(), log: (line: string) => void = () => {}): Promise<RebuildResult> {
  const started = performance.now();
  const today = utcToday(now);
  const engine = engineOf(db);
  await holdForRebuild(db, now);
  const seq = (await db.auditEvent.aggregate({ _max: { seq: true } }))._max.seq ?? 0;
  const inputs: [string, CompanyInputs][] = [...(await readInputs(engine))];
  log(`  inputs of ${inputs.length} companies read in ${seconds(started)} s`);
  const factors = estimateMarketFactors(inputs.map(([, c]) => ({ trades: c.trades, quotes: c.orders })));
  log(`  market factors computed by ${seconds(started)} s`);
  await storeFactors(db, factors, now);
  const desk50 = new Desk50Builder(inputs, today);
  const sink = await markSink(url);
  let count = 0;
  try {
    await sink.begin();
    // One batch is written while the next is computed: the walk and the writes take about as long.
    let writing: Promise<void> = Promise.resolve();
    let rows: unknown[][] = [];
    let states: StateRow[] = [];
    const currents: [string, ...CurrentMark][] = [];
    const flush = async () => {
      await writing;
      count += rows.length;
      writing = sink.write(rows, states, now);
      // Awaited at the next flush; a failure meanwhile is not an unhandled rejection.
      writing.catch(() => {});
      rows = [];
      states = [];
    };
    for (const [id, company] of inputs) {
      const { marks, state } = companyHistory(company, factors, today);
      const current = currentOfSeries(marks, today);
      if (current[0] !== null) currents.push([id, ...current]);
      for (const mark of marks) rows.push(markRow(id, mark));
      desk50.record(id, marks);
      if (state?.day != null) states.push([id, dayDate(state.day), JSON.stringify(state)]);
      if (rows.length >= ROWS_PER_WRITE) await flush();
    }
    await flush();
    await writing;
    log(`  ${count} marks computed and written in ${seconds(started)} s`);
    const currentsFrom = performance.now();
    await sink.currents(currents);
    log(`  ${currents.length} companies' current marks (the directory's columns) written in ${((performance.now() - currentsFrom) / 1000).toFixed(2)} s`);
    await sink.finish();
  } finally {
    await sink.close();
  }
  await storeDesk50(db, desk50.result());
  await markWritten(db);
  log(`  the Desk 50 computed and stored by ${seconds(started)} s`);
  await markRebuilt(db, today, seq);
  return { companies: inputs.length, marks: count, seconds: Number(seconds(started)) };
}

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
