import { etagMatches } from "../api/etag";
import { ApiResult } from "../api/handler";
import type { IndicationState } from "./commands";

/** One indication as a response: the indication, its ETag, and for a create 201 with its Location. */
export function indicationResponse(state: IndicationState, options: { created?: boolean; ifNoneMatch?: string | null } = {}): ApiResult {
  const headers: Record<string, string> = { etag: state.etag };
  if (options.created) headers.location = `/api/v1/my/indications/${state.indication.id}`;
  if (options.ifNoneMatch && etagMatches(options.ifNoneMatch, state.etag)) return new ApiResult(undefined, 304, headers);
  return new ApiResult(state.indication, options.created ? 201 : 200, headers);
}
