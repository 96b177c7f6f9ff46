/**
 * Operator CLI for API keys: `npm run api-key -- <command>`.
 *
 *   create --email <email> [--name <name>]   mint a key; its secret is the LAST line of output
 *   list --email <email>                     the user's keys (revoked ones included)
 *   revoke <prefix-or-id>                    revoke a key (idempotent)
 *
 * Uses DATABASE_URL like the app (embedded SQLite by default) and says which database it wrote
 * to. Exit code 1 on bad input.
 */
import { parseArgs } from "node:util";
import { runCli, UsageError } from "../db/cli";
import type { Db } from "../db/client";
import { describeDatabase } from "../db/url";
import { apiKeyNameSchema, createApiKey, listApiKeys, revokeApiKey, type ApiKeySummary } from "./keys";

const USAGE = `Usage: npm run api-key -- <command>

Commands:
  create --email <email> [--name <name>]   Mint a key for a user; prints the secret once, as the last line.
  list --email <email>                     List a user's keys.
  revoke <prefix-or-id>                    Revoke a key by its visible prefix (mkd_xxxxxxxx) or its id.`;

const DEFAULT_KEY_NAME = "Operator key";

function fmtDate(date: Date | null): string {
  return date ? `${date.toISOString().slice(0, 16).replace("T", " ")}Z` : "-";
}

function printTable(headers: string[], rows: string[][]): void {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join("  ").trimEnd();
  console.log(line(headers));
  console.log(line(widths.map((w) => "-".repeat(w))));
  for (const row of rows) console.log(line(row));
}

function describe(key: ApiKeySummary): string {
  return `${key.prefix} "${key.name}" (id ${key.id}, scopes: ${key.scopes.join(", ") || "none"})`;
}

async function findUserByEmail(db: Db, email: string | undefined) {
  if (!email || email.trim() === "") throw new UsageError("missing --email <email>");
  const user = await db.user.findUnique({
    where: { email: email.trim().toLowerCase() },
    select: { id: true, email: true, name: true },
  });
  if (!user) throw new UsageError(`no user with e-mail ${email.trim()}`);
  return user;
}

async function run(db: Db, argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { email: { type: "string" }, name: { type: "string" }, help: { type: "boolean", short: "h" } },
    allowPositionals: true,
    strict: true,
  });
  const [command, ...rest] = positionals;
  if (values.help || command === "help") {
    console.log(USAGE);
    return;
  }
  if (command === undefined) throw new UsageError("missing command");
  if ((command === "create" || command === "list") && rest.length > 0) throw new UsageError(`unexpected argument: ${rest[0]}`);

  switch (command) {
    case "create": {
      const name = apiKeyNameSchema.safeParse(values.name ?? DEFAULT_KEY_NAME);
      if (!name.success) throw new UsageError(`invalid --name: ${name.error.issues[0]?.message}`);
      const user = await findUserByEmail(db, values.email);
      const { key, secret } = await createApiKey(db, { userId: user.id, name: name.data });
      console.log(`Created API key ${describe(key)} for ${user.email} [database: ${describeDatabase()}].`);
      console.log("The secret is shown only once and is stored hashed; copy it now:");
      console.log(secret); // Must stay the very last line: scripts read it with `tail -n 1`.
      return;
    }
    case "list": {
      const user = await findUserByEmail(db, values.email);
      const keys = await listApiKeys(db, user.id);
      if (keys.length === 0) {
        console.log(`${user.email} has no API keys.`);
        return;
      }
      printTable(
        ["PREFIX", "NAME", "SCOPES", "CREATED", "LAST USED", "REVOKED"],
        keys.map((k) => [k.prefix, k.name, k.scopes.join(",") || "-", fmtDate(k.createdAt), fmtDate(k.lastUsedAt), fmtDate(k.revokedAt)]),
      );
      return;
    }
    case "revoke": {
      if (values.email !== undefined || values.name !== undefined) throw new UsageError("revoke takes only <prefix-or-id>");
      if (rest.length !== 1) throw new UsageError("usage: revoke <prefix-or-id>");
      const startedAt = Date.now();
      const key = await revokeApiKey(db, { prefixOrId: rest[0] });
      if (!key) throw new UsageError(`no API key with prefix or id ${rest[0]}`);
      const when = key.revokedAt?.toISOString();
      const already = key.revokedAt !== null && key.revokedAt.getTime() < startedAt;
      console.log(
        `${already ? `API key ${describe(key)} was already revoked at ${when}.` : `Revoked API key ${describe(key)} at ${when}.`} [database: ${describeDatabase()}]`,
      );
      return;
    }
    default:
      throw new UsageError(`unknown command: ${command}`);
  }
}

runCli(USAGE, (db, _url, argv) => run(db, argv));
