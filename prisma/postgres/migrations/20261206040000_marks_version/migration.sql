-- Hand-written: the 'marks' change counter (lib/cache/counters.ts), under which the marks' answers
-- are kept (lib/marks/kept.ts). No trigger bumps it: the marks' writers do, after their rows (a
-- rebuild writes millions, each a trigger would bump).
INSERT INTO "table_versions" ("name", "version") VALUES ('marks', 0);
