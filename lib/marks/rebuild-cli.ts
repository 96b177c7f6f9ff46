/**
 * `npm run marks:rebuild`: every company's marks recomputed from its first observation to today
 * (lib/marks/rebuild.ts), on the database DATABASE_URL names.
 */
import { runCli } from "../db/cli";
import { describeDatabase } from "../db/url";
import { rebuildMarks } from "./rebuild";

runCli("usage: npm run marks:rebuild", async (db, url) => {
  console.log(`Rebuilding the marks of ${describeDatabase(url)}...`);
  const result = await rebuildMarks(db, url, new Date(), (line) => console.log(line));
  console.log(`${result.marks} marks of ${result.companies} companies in ${result.seconds} s`);
});
