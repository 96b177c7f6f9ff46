-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "teams" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "teams_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "users" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "password_hash" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "permissions" TEXT NOT NULL,
    "team_id" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_keys" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "secret_hash" TEXT NOT NULL,
    "scopes" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL,
    "last_used_at" TIMESTAMP(3),
    "revoked_at" TIMESTAMP(3),

    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "companies" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "legal_name" TEXT NOT NULL,
    "search_text" TEXT NOT NULL,
    "country" TEXT NOT NULL,
    "region" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "platform_url" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "logo_color" TEXT NOT NULL,
    "lead_investors" TEXT NOT NULL,

    CONSTRAINT "companies_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "indications" (
    "id" TEXT NOT NULL,
    "team_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "issuer_id" TEXT NOT NULL,
    "acceptable_structures" TEXT NOT NULL,
    "carried_interest_fee_percent" TEXT,
    "client_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL,
    "details" TEXT,
    "last_refreshed_at" TIMESTAMP(3) NOT NULL,
    "management_fee_percent" TEXT,
    "minimum_volume" TEXT,
    "opened_at" TIMESTAMP(3) NOT NULL,
    "permalink_id" TEXT NOT NULL,
    "price_per_share" TEXT NOT NULL,
    "private_recipients" TEXT NOT NULL,
    "side" TEXT NOT NULL,
    "stage" TEXT NOT NULL,
    "stock_class" TEXT,
    "stock_class_type" TEXT NOT NULL,
    "stock_type" TEXT NOT NULL,
    "structure" TEXT,
    "third_party_id" TEXT,
    "updated_at" TIMESTAMP(3) NOT NULL,
    "visibility" TEXT NOT NULL,
    "volume" TEXT NOT NULL,

    CONSTRAINT "indications_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "trades" (
    "id" TEXT NOT NULL,
    "team_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "issuer_id" TEXT NOT NULL,
    "attributed_to_owner" BOOLEAN NOT NULL,
    "carried_interest_fee_percent" TEXT,
    "client_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL,
    "details" TEXT,
    "is_verified" BOOLEAN NOT NULL,
    "management_fee_percent" TEXT,
    "permalink_id" TEXT NOT NULL,
    "price_per_share" TEXT NOT NULL,
    "sign_date" TEXT NOT NULL,
    "stock_class" TEXT,
    "stock_class_type" TEXT NOT NULL,
    "stock_type" TEXT NOT NULL,
    "structure" TEXT NOT NULL,
    "third_party_id" TEXT,
    "updated_at" TIMESTAMP(3) NOT NULL,
    "verification_officer_email" TEXT NOT NULL,
    "verification_officer_name" TEXT NOT NULL,
    "volume" TEXT NOT NULL,
    "won_date" TEXT NOT NULL,

    CONSTRAINT "trades_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "teams_name_key" ON "teams"("name");

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

-- CreateIndex
CREATE INDEX "users_team_id_idx" ON "users"("team_id");

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_prefix_key" ON "api_keys"("prefix");

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_secret_hash_key" ON "api_keys"("secret_hash");

-- CreateIndex
CREATE INDEX "api_keys_user_id_created_at_idx" ON "api_keys"("user_id", "created_at");

-- CreateIndex
CREATE INDEX "companies_name_id_idx" ON "companies"("name", "id");

-- CreateIndex
CREATE INDEX "companies_country_region_name_id_idx" ON "companies"("country", "region", "name", "id");

-- CreateIndex
CREATE INDEX "companies_region_name_id_idx" ON "companies"("region", "name", "id");

-- CreateIndex
CREATE UNIQUE INDEX "indications_permalink_id_key" ON "indications"("permalink_id");

-- CreateIndex
CREATE INDEX "indications_team_id_updated_at_id_idx" ON "indications"("team_id", "updated_at", "id");

-- CreateIndex
CREATE INDEX "indications_team_id_created_at_id_idx" ON "indications"("team_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "indications_team_id_price_per_share_id_idx" ON "indications"("team_id", "price_per_share", "id");

-- CreateIndex
CREATE INDEX "indications_team_id_volume_id_idx" ON "indications"("team_id", "volume", "id");

-- CreateIndex
CREATE INDEX "indications_team_id_issuer_id_updated_at_id_idx" ON "indications"("team_id", "issuer_id", "updated_at", "id");

-- CreateIndex
CREATE INDEX "indications_team_id_side_stage_updated_at_id_idx" ON "indications"("team_id", "side", "stage", "updated_at", "id");

-- CreateIndex
CREATE INDEX "indications_team_id_stage_updated_at_id_idx" ON "indications"("team_id", "stage", "updated_at", "id");

-- CreateIndex
CREATE INDEX "indications_issuer_id_idx" ON "indications"("issuer_id");

-- CreateIndex
CREATE INDEX "indications_user_id_idx" ON "indications"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "trades_permalink_id_key" ON "trades"("permalink_id");

-- CreateIndex
CREATE INDEX "trades_team_id_sign_date_id_idx" ON "trades"("team_id", "sign_date", "id");

-- CreateIndex
CREATE INDEX "trades_team_id_won_date_id_idx" ON "trades"("team_id", "won_date", "id");

-- CreateIndex
CREATE INDEX "trades_team_id_created_at_id_idx" ON "trades"("team_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "trades_team_id_updated_at_id_idx" ON "trades"("team_id", "updated_at", "id");

-- CreateIndex
CREATE INDEX "trades_team_id_price_per_share_id_idx" ON "trades"("team_id", "price_per_share", "id");

-- CreateIndex
CREATE INDEX "trades_team_id_volume_id_idx" ON "trades"("team_id", "volume", "id");

-- CreateIndex
CREATE INDEX "trades_team_id_is_verified_sign_date_id_idx" ON "trades"("team_id", "is_verified", "sign_date", "id");

-- CreateIndex
CREATE INDEX "trades_team_id_issuer_id_sign_date_id_idx" ON "trades"("team_id", "issuer_id", "sign_date", "id");

-- CreateIndex
CREATE INDEX "trades_issuer_id_idx" ON "trades"("issuer_id");

-- CreateIndex
CREATE INDEX "trades_user_id_idx" ON "trades"("user_id");

-- AddForeignKey
ALTER TABLE "users" ADD CONSTRAINT "users_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "indications" ADD CONSTRAINT "indications_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "indications" ADD CONSTRAINT "indications_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "indications" ADD CONSTRAINT "indications_issuer_id_fkey" FOREIGN KEY ("issuer_id") REFERENCES "companies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "trades" ADD CONSTRAINT "trades_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "trades" ADD CONSTRAINT "trades_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "trades" ADD CONSTRAINT "trades_issuer_id_fkey" FOREIGN KEY ("issuer_id") REFERENCES "companies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

