import { execFileSync } from "node:child_process";
import type { APIRequestContext } from "@playwright/test";
import { E2E_DATABASE_URL, PROJECT_ROOT } from "./env";

/**
 * Mints an API key for a user with the operator CLI (`npm run api-key -- create`), against the
 * browser tests' own database. The secret is the CLI's last line of output.
 */
function mintApiKey(email: string, name: string): string {
  const out = execFileSync("npx", ["tsx", "--conditions=react-server", "lib/api-keys/cli.ts", "create", "--email", email, "--name", name], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, DATABASE_URL: E2E_DATABASE_URL },
    encoding: "utf8",
    timeout: 60_000,
  });
  const secret = out.trim().split("\n").at(-1)?.trim() ?? "";
  if (!/^mkd_[A-Za-z0-9]{32}$/.test(secret)) throw new Error(`the CLI did not print a key as its last line:\n${out}`);
  return secret;
}

/** Each account's key, minted once per worker (see `apiKeyFor`). */
const keys = new Map<string, string>();

/**
 * An API key of `email`'s, minted by the CLI the first time a test of the worker asks and shared
 * by its later tests: the CLI is a process of its own (`npx tsx`, seconds on a busy machine), and
 * no test here revokes or counts a key it did not make itself. A test about keys themselves
 * makes its own (e2e/api-keys.spec.ts, in the UI).
 */
export function apiKeyFor(email: string): string {
  let key = keys.get(email);
  if (key === undefined) {
    key = mintApiKey(email, `e2e ${email} ${Date.now()}`);
    keys.set(email, key);
  }
  return key;
}

interface ListBody<T> {
  page: number;
  total_pages: number;
  total_count: number;
  has_more: boolean;
  [resource: string]: T[] | number | boolean;
}

/**
 * Every item of a /api/v1 list (all pages of 100), with a Bearer key, or with the request
 * context's own session cookie when `key` is null.
 */
export async function fetchAll<T>(
  request: APIRequestContext,
  path: string,
  resource: string,
  key: string | null,
  params: Record<string, string> = {},
): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page++) {
    const query = new URLSearchParams({ ...params, per_page: "100", page: String(page) });
    const response = await request.get(`${path}?${query}`, {
      headers: key ? { Authorization: `Bearer ${key}` } : {},
    });
    if (!response.ok()) throw new Error(`GET ${path}?${query} -> ${response.status()}: ${await response.text()}`);
    const body = (await response.json()) as ListBody<T>;
    items.push(...(body[resource] as T[]));
    if (!body.has_more) return items;
  }
}
