/** server/process-state/index.cjs: what server/main.mjs and the app's bundle share in one process. */
import type { IncomingMessage, ServerResponse } from "node:http";

export interface WriteGate {
  shut: boolean;
}
export const writeGate: WriteGate;

export type DirectRoute = (request: IncomingMessage, response: ServerResponse) => Promise<void>;
export const directRoutes: Map<string, DirectRoute>;

/** An answer as a plain HTTP server writes it. */
export interface PlainAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}
/** `header` reads a request header (lower-case name) as Next.js would see it; null hands the request to the route. */
export type SignInGate = (header: (name: string) => string | undefined, body: string) => PlainAnswer | null;
export const signIn: { gate: SignInGate | undefined };

export const database: { client: { $disconnect(): Promise<void> } | undefined };

/** Each map's one owner (lib/db/client.ts, lib/market/cache.ts) gives its values their type. */
export const databaseClients: WeakMap<object, object>;
export const marketCaches: WeakMap<object, object>;
