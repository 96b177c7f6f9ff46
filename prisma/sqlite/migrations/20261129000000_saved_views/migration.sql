-- Table views a user named and saved (lib/views/): the table's query string, one name per user
-- and table. The unique index serves the one read (a user's views of one table, by name).
-- CreateTable
CREATE TABLE "saved_views" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "user_id" TEXT NOT NULL,
    "table_name" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "query" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "saved_views_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "saved_views_user_id_table_name_name_key" ON "saved_views"("user_id", "table_name", "name");
