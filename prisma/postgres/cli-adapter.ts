import { randomBytes } from "node:crypto";
import { PrismaPg } from "@prisma/adapter-pg";
import type {
  SqlDriverAdapter,
  SqlMigrationAwareDriverAdapterFactory,
  SqlQuery,
} from "@prisma/driver-adapter-utils";
import pg from "pg";

/**
 * The driver adapter the Prisma CLI (prisma.config.ts) uses for PostgreSQL. The app does NOT use
 * it: lib/db/client.ts uses the stock PrismaPg, which is fine for client queries.
 *
 * Why it exists: Prisma 6.19.3's JavaScript schema engine (the only engine that runs on our
 * machines) goes through the driver adapter, and the stock PrismaPg breaks `migrate deploy`,
 * `migrate dev` and `db push`. Each piece below fixes one cause, explained where it is; the
 * migration commands that work through it are in docs/migrations.md. Remove it when a Prisma
 * upgrade makes the stock adapter work.
 */
export function postgresCliAdapter(url: string): SqlMigrationAwareDriverAdapterFactory {
  const { config, schema } = poolConfigFromUrl(url);
  const factoryFor = (database: string | undefined) =>
    new PrismaPg({ ...config, database, Client: CatalogTypesAsTextClient }, { schema });
  const main = factoryFor(config.database);

  return {
    provider: "postgres",
    adapterName: main.adapterName,

    async connect() {
      return withScriptAsOneQuery(await main.connect());
    },

    // Stock PrismaPg drops the shadow database while its own pool still holds connections to it
    // ("database is being accessed by other users"), and with a connection-string config its
    // shadow pool even connects to the main database. So: create a uniquely named database from
    // a connection to the main one, and on dispose close the shadow pool first, then drop it.
    async connectToShadowDb() {
      const admin = await main.connect();
      const name = `prisma_shadow_${Date.now()}_${randomBytes(4).toString("hex")}`;
      try {
        await admin.executeRaw(sql(`CREATE DATABASE "${name}"`));
      } catch (error) {
        await admin.dispose();
        throw error;
      }
      const shadow = await factoryFor(name).connect();
      return withScriptAsOneQuery(shadow, async () => {
        try {
          await shadow.dispose();
        } finally {
          try {
            await admin.executeRaw(sql(`DROP DATABASE IF EXISTS "${name}"`));
          } finally {
            await admin.dispose();
          }
        }
      });
    },
  };
}

/**
 * The pool is built from the URL's parts rather than `connectionString`, because pg lets a
 * connectionString override every explicit field: `{ connectionString, database: shadow }` would
 * still connect to the main database. `?schema=` is Prisma's own URL parameter (not a pg option)
 * and goes to the adapter instead; other parameters except `sslmode` are ignored.
 */
export function poolConfigFromUrl(url: string): { config: pg.PoolConfig; schema: string } {
  const u = new URL(url);
  if (u.protocol !== "postgresql:" && u.protocol !== "postgres:") {
    throw new Error(`not a PostgreSQL URL: ${u.protocol}`);
  }
  const sslmode = u.searchParams.get("sslmode");
  return {
    config: {
      host: u.hostname || "localhost",
      port: u.port ? Number(u.port) : 5432,
      user: u.username ? decodeURIComponent(u.username) : undefined,
      password: u.password ? decodeURIComponent(u.password) : undefined,
      database: decodeURIComponent(u.pathname.replace(/^\//, "")) || undefined,
      ssl: sslmode && sslmode !== "disable" ? { rejectUnauthorized: sslmode.startsWith("verify") } : undefined,
    },
    schema: u.searchParams.get("schema") || "public",
  };
}

const sql = (text: string): SqlQuery => ({ sql: text, args: [], argTypes: [] });

/**
 * Stock PrismaPg's executeScript splits a migration on every `;` and runs the pieces one by one:
 * it breaks on a `;` inside a string, a comment or a function body, and a failure leaves the
 * migration half applied. Send the script as ONE query instead, as Prisma's native engine does.
 * executeRaw without arguments uses PostgreSQL's simple-query protocol, which accepts several
 * statements (run in one implicit transaction) and maps errors the way the adapter always does.
 */
function withScriptAsOneQuery(inner: SqlDriverAdapter, dispose = () => inner.dispose()): SqlDriverAdapter {
  return {
    provider: inner.provider,
    adapterName: inner.adapterName,
    queryRaw: (query) => inner.queryRaw(query),
    executeRaw: (query) => inner.executeRaw(query),
    startTransaction: (isolationLevel) => inner.startTransaction(isolationLevel),
    getConnectionInfo: inner.getConnectionInfo ? () => inner.getConnectionInfo!() : undefined,
    async executeScript(script) {
      await inner.executeRaw(sql(script));
    },
    dispose,
  };
}

/**
 * System-catalog types that stock PrismaPg refuses ("Column type 'name' could not be
 * deserialized") although the schema engine reads catalog columns such as `pg_namespace.nspname`
 * (`name`) or `pg_class.relkind` (`"char"`) while describing a database. pg already parses all
 * of them as strings, so reporting them as `text` is correct.
 */
const CATALOG_TEXT_TYPE_OIDS = new Set([
  18, // "char"
  19, // name
  22, // int2vector
  24, // regproc
  27, // tid
  28, // xid
  29, // cid
  30, // oidvector
  194, // pg_node_tree
  705, // unknown (untyped literals)
  1033, // aclitem
  2202, // regprocedure
  2203, // regoper
  2204, // regoperator
  2205, // regclass
  2206, // regtype
  2275, // cstring
  2278, // void (e.g. SELECT pg_advisory_lock(...))
  3220, // pg_lsn
  3734, // regconfig
  3769, // regdictionary
  4089, // regnamespace
  4096, // regrole
  4191, // regcollation
  5069, // xid8
]);

type QueryOutcome = pg.QueryResult | pg.QueryResult[] | undefined;

function reportCatalogTypesAsText<T extends QueryOutcome>(outcome: T): T {
  for (const result of Array.isArray(outcome) ? outcome : [outcome]) {
    for (const field of result?.fields ?? []) {
      if (CATALOG_TEXT_TYPE_OIDS.has(field.dataTypeID)) field.dataTypeID = pg.types.builtins.TEXT;
    }
  }
  return outcome;
}

/**
 * PrismaPg derives each column's type from `fields[i].dataTypeID` of pg's result and has no hook
 * for built-in types, so the rewrite happens in the pg client the pool hands out (covering both
 * pool queries and transactions): after pg has parsed the rows, catalog types become `text`.
 */
class CatalogTypesAsTextClient extends pg.Client {
  // pg's query() has many overloads (promise, callback, submittable); forward them all unchanged.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    const forward = pg.Client.prototype.query as (...a: unknown[]) => unknown;
    const callback = args.at(-1);
    if (typeof callback === "function") {
      args[args.length - 1] = (error: Error | undefined, result: QueryOutcome) =>
        callback(error, error ? result : reportCatalogTypesAsText(result));
      return forward.apply(this, args);
    }
    const returned = forward.apply(this, args);
    return returned instanceof Promise ? returned.then(reportCatalogTypesAsText) : returned;
  }
}
