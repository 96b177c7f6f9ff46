-- possible_match is told once per pair of crossing orders (lib/notifications/matches.ts). A changed
-- order looked for the pairs told among the notifications of every order it crosses, a read that
-- grows with every notification kept (a change on the large set: 39 ms of 49 ms of CPU). The pairs
-- told are kept here instead, one row a pair, read by key; the index of 20261206070000 served that
-- read and goes. The pairs already told are taken from the notifications (each names its order's
-- id and the other order's permalink).
DROP INDEX "notifications_resource_id_kind_idx";

-- CreateTable
CREATE TABLE "match_pairs" (
    "low_id" TEXT NOT NULL,
    "high_id" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "match_pairs_pkey" PRIMARY KEY ("low_id","high_id")
);

INSERT INTO "match_pairs" ("low_id", "high_id", "created_at")
SELECT LEAST(n."resource_id", i."id"), GREATEST(n."resource_id", i."id"), min(n."created_at")
FROM "notifications" n
JOIN "indications" i ON i."permalink_id" = (n."data"::json -> 'order' ->> 'permalink_id')
WHERE n."kind" = 'possible_match'
GROUP BY 1, 2
ON CONFLICT DO NOTHING;
