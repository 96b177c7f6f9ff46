import http from "node:http";
import https from "node:https";
import { lookup } from "node:dns/promises";
import { isIP, type LookupFunction } from "node:net";
import { isRefusedAddress } from "./address-filter";
import { hostOf, isAllowedUrl } from "./allowed-hosts";

/**
 * One POST to an endpoint, safely (docs/api/live.md, "Webhooks"): the host is resolved here, every
 * address it resolves to is judged (lib/webhooks/address-filter.ts) unless the operator allowed
 * the host, and the connection goes to the very address judged (a pinned `lookup`), so a DNS
 * answer that changes between the check and the connection cannot move it. No redirect is followed
 * (a 3xx is a failure), the whole exchange has a deadline, and at most 4 KB of the answer is read.
 */

const DELIVERY_TIMEOUT_MS = 10_000;
const MAX_RESPONSE_BYTES = 4096;

export interface Outcome {
  /** The receiver's status, when it answered. */
  statusCode: number | null;
  /** Why it failed without an answer (refused address, timeout, connection error). */
  error: string | null;
  /** The start of the answer's body, at most 4 KB. */
  body: Buffer;
}

const failed = (error: string): Outcome => ({ statusCode: null, error, body: Buffer.alloc(0) });

/** Every address `host` resolves to (itself when it is an address). */
async function addressesOf(host: string): Promise<{ address: string; family: number }[]> {
  const family = isIP(host);
  return family ? [{ address: host, family }] : lookup(host, { all: true, verbatim: true });
}

/** A `lookup` for the connection that answers only the address already judged. */
function pinned(address: string, family: number): LookupFunction {
  return (_host, options, callback) => {
    if (options.all) (callback as unknown as (e: null, all: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

/** The POST within `timeoutMs` from the start, DNS lookup included; a failure when it takes longer. */
export async function postSafely(target: string, headers: Record<string, string>, body: string, timeoutMs = DELIVERY_TIMEOUT_MS): Promise<Outcome> {
  const abort = new AbortController();
  let deadline: NodeJS.Timeout | undefined;
  const late = new Promise<Outcome>((resolve) => {
    deadline = setTimeout(() => {
      abort.abort();
      resolve(failed(`timed out after ${timeoutMs} ms`));
    }, timeoutMs);
  });
  try {
    return await Promise.race([post(new URL(target), headers, body, abort.signal), late]);
  } finally {
    clearTimeout(deadline);
  }
}

async function post(url: URL, headers: Record<string, string>, body: string, signal: AbortSignal): Promise<Outcome> {
  const host = hostOf(url);
  const allowed = isAllowedUrl(url);
  if (!allowed && url.protocol !== "https:") return failed(`refused: http is allowed only for hosts in WEBHOOK_ALLOWED_HOSTS, and ${url.host} is not`);
  let addresses: { address: string; family: number }[];
  try {
    addresses = await addressesOf(host);
  } catch (error) {
    return failed(`DNS lookup of ${host} failed: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  const refused = allowed ? undefined : addresses.find((a) => isRefusedAddress(a.address));
  if (refused) return failed(`refused: ${host} resolves to ${refused.address}, a private, loopback, link-local or reserved address`);
  if (signal.aborted) return failed("timed out");
  const [{ address, family }] = addresses;
  return new Promise<Outcome>((resolve) => {
    const client = url.protocol === "https:" ? https : http;
    const request = client.request(url, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) },
      lookup: pinned(address, family),
      agent: false,
      signal,
    });
    request.on("error", (error) => resolve(failed(error.message)));
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => resolve({ statusCode: response.statusCode ?? null, error: null, body: Buffer.concat(chunks).subarray(0, MAX_RESPONSE_BYTES) });
      response.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size < MAX_RESPONSE_BYTES) return;
        done();
        request.destroy();
      });
      response.on("end", done);
      // The answer's status is known: a body cut short changes nothing.
      response.on("error", done);
    });
    request.end(body);
  });
}
