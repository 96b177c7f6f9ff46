-- Every database ends with the statistics a fresh clone gets (docs/performance.md, step 25).
-- Migration 20261126050000 first shipped with a bare `ANALYZE "indications"`: a database loaded
-- before it got sqlite_stat4 samples, which make SQLite prepare a cached statement again whenever
-- `team_id` is bound (same plan, a second compilation per call). Sampled as the large seed does,
-- no samples are gathered; a table without rows gathers nothing (a new database).
PRAGMA analysis_limit = 2000;
ANALYZE "indications";
