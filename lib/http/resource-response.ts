import type { Versioned } from "../records/read";
import { etagMatches } from "../schema/etag";
import { ApiResult } from "./handler";

/**
 * One resource as a response: the resource and its ETag; 304 when the caller's If-None-Match
 * still holds; for a create, 201 with its Location under `collection`.
 */
export function resourceResponse(state: Versioned<{ id: string }>, options: { createdIn?: string; ifNoneMatch?: string | null } = {}): ApiResult {
  const headers: Record<string, string> = { etag: state.etag };
  if (options.createdIn) headers.location = `${options.createdIn}/${state.resource.id}`;
  if (options.ifNoneMatch && etagMatches(options.ifNoneMatch, state.etag)) return new ApiResult(undefined, 304, headers);
  return new ApiResult(state.resource, options.createdIn ? 201 : 200, headers);
}
