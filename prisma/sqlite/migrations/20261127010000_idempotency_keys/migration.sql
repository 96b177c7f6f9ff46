-- Idempotency keys of POST requests (lib/api/idempotency.ts): the unique (user_id, caller, key)
-- lets the first request claim a key by inserting its row, across processes; created_at serves
-- the 24-hour expiry and the purge of expired rows.

-- CreateTable
CREATE TABLE "idempotency_keys" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "user_id" TEXT NOT NULL,
    "caller" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "response_status" INTEGER,
    "response_body" TEXT,
    "response_headers" TEXT,
    "created_at" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys"("created_at");

-- CreateIndex
CREATE UNIQUE INDEX "idempotency_keys_user_id_caller_key_key" ON "idempotency_keys"("user_id", "caller", "key");
