/**
 * `npm run bench:compare`: bench results (`npm run bench --out`) against a reference, row by row,
 * on ours/ceiling in points (docs/performance.md, "Comparing builds").
 *
 *   npm run bench:compare -- --reference aecb6f8:bench/results/2026-11-26-sqlite.json run-1.json run-2.json
 *   npm run bench:compare -- --reference old-1.json --reference old-2.json new-1.json new-2.json
 *
 * A reference is a file, or `<git revision>:<path>` for a file as it stood at that revision (results
 * files have been rewritten under the same name). Several references are read at their per-row
 * median, as the runs are. For every read row it prints the reference, each run, the runs' median
 * and its difference (with several references, also their range, and whether the runs' median
 * falls under or over it); then, for each run and for the median, how many rows fall more than
 * `--tolerance` points (default 5) below the reference. Exit 1 when the runs' median does on any row.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { parseArgs } from "node:util";
import type { Row } from "./lists";

/** Row key → ours/ceiling in points, for the read rows a results file measured. */
type Ratios = Map<string, number>;

const { values, positionals } = parseArgs({
  options: { reference: { type: "string", multiple: true }, tolerance: { type: "string" } },
  allowPositionals: true,
});

function readResults(source: string): Ratios {
  const text = fs.existsSync(source) ? fs.readFileSync(source, "utf8") : gitShow(source);
  const rows = (JSON.parse(text) as { rows?: Pick<Row, "scenario" | "connections" | "ratio_ceiling">[] }).rows;
  if (!Array.isArray(rows)) throw new Error(`${source} holds no bench rows`);
  return new Map(rows.filter((row) => row.ratio_ceiling !== null).map((row) => [`${row.scenario} c=${row.connections}`, row.ratio_ceiling! * 100]));
}

function gitShow(source: string): string {
  if (!/^[^:]+:./.test(source)) throw new Error(`${source}: no such file (a revision's file is <revision>:<path>)`);
  return execFileSync("git", ["show", source], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
}

function median(numbers: number[]): number {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Per row: what each of the files that measured it gives, folded by `fold`. */
function perRow<T>(files: Ratios[], fold: (values: number[]) => T): Map<string, T> {
  const keys = new Set(files.flatMap((file) => [...file.keys()]));
  return new Map([...keys].map((key) => [key, fold(files.flatMap((file) => (file.has(key) ? [file.get(key)!] : [])))]));
}

/** Per row: the median of the files that measured it. */
const medianOf = (files: Ratios[]): Ratios => perRow(files, median);

/** Per row: the lowest and highest of the files that measured it (the references' own spread). */
const rangeOf = (files: Ratios[]) => perRow(files, (values): [number, number] => [Math.min(...values), Math.max(...values)]);

const points = (value: number | undefined) => (value === undefined ? "-" : value.toFixed(1)).padStart(6);

function main(): number {
  const references = values.reference ?? [];
  if (references.length === 0 || positionals.length === 0) {
    throw new Error("usage: npm run bench:compare -- --reference <file | rev:path> [--reference …] [--tolerance 5] <run.json> [<run.json> …]");
  }
  const tolerance = Number(values.tolerance ?? 5);
  if (!Number.isFinite(tolerance) || tolerance < 0) throw new Error("--tolerance must be a number of points, 0 or more");
  const isBelow = (difference: number) => difference < -tolerance;

  const referenceFiles = references.map(readResults);
  const reference = medianOf(referenceFiles);
  // With several references, their spread: a run's median inside it is within the reference's own noise.
  const spread = referenceFiles.length > 1 ? rangeOf(referenceFiles) : null;
  const spreadOf = (key: string) => (spread ? `${spread.get(key)![0].toFixed(1)}–${spread.get(key)![1].toFixed(1)}`.padStart(12) : "");
  const runs = positionals.map(readResults);
  const runsMedian = medianOf(runs);
  const compared = [...reference.keys()].filter((key) => runsMedian.has(key));
  if (compared.length === 0) throw new Error("the runs and the reference have no row in common");

  console.log(`${"row".padEnd(42)}${"ref".padStart(6)}${spread ? "ref range".padStart(12) : ""}${runs.map((_, i) => `run ${i + 1}`.padStart(6)).join("")}${"median".padStart(8)}${"diff".padStart(6)}`);
  for (const key of compared) {
    const difference = runsMedian.get(key)! - reference.get(key)!;
    const [low, high] = spread?.get(key) ?? [-Infinity, Infinity];
    const runsAt = runsMedian.get(key)!;
    const outside = runsAt < low ? "  under the reference's range" : runsAt > high ? "  over the reference's range" : "";
    const mark = (isBelow(difference) ? "  below" : "") + outside;
    console.log(`${key.padEnd(42)}${points(reference.get(key))}${spreadOf(key)}${runs.map((run) => points(run.get(key))).join("")}  ${points(runsMedian.get(key))}${points(difference)}${mark}`);
  }

  const summary = (name: string, ratios: Ratios) => {
    const differences = compared.filter((key) => ratios.has(key)).map((key) => ratios.get(key)! - reference.get(key)!);
    if (differences.length === 0) {
      console.log(`${name.padEnd(16)} no row in common with the reference`);
      return 0;
    }
    const below = differences.filter(isBelow).length;
    console.log(`${name.padEnd(16)} ${below} of ${differences.length} rows more than ${tolerance} points below; median difference ${median(differences).toFixed(1)}`);
    return below;
  };
  console.log("");
  runs.forEach((run, i) => summary(`run ${i + 1}`, run));
  return summary("median of runs", runsMedian) > 0 ? 1 : 0;
}

try {
  process.exitCode = main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 2;
}
