import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import type { NextRequest } from "next/server";

/** A route module's handler of one method, as Next.js calls it. */
export type RouteHandler = (request: NextRequest, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

/**
 * The handlers of the route module under app/ that serves `pathname`, and its path parameters:
 * each segment is the folder of that name, else the folder's one dynamic `[name]` child
 * (app/api/v1/companies/[company_id]/…). For the bench's in-process calls.
 */
export async function routeModule(pathname: string): Promise<{ handlers: Partial<Record<string, RouteHandler>>; params: Record<string, string> }> {
  let dir = path.resolve("app");
  const params: Record<string, string> = {};
  for (const segment of pathname.split("/").filter(Boolean)) {
    if (existsSync(path.join(dir, segment))) {
      dir = path.join(dir, segment);
      continue;
    }
    const dynamic = readdirSync(dir).find((name) => /^\[[^.\]]+\]$/.test(name));
    if (!dynamic) throw new Error(`no route serves ${pathname}`);
    params[dynamic.slice(1, -1)] = decodeURIComponent(segment);
    dir = path.join(dir, dynamic);
  }
  return { handlers: (await import(path.join(dir, "route.ts"))) as Partial<Record<string, RouteHandler>>, params };
}
