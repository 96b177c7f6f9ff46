import { ApiError, type ErrorBody } from "@/lib/schema/errors";
import { databaseApiError } from "@/lib/http/handler";
import { getPageCaller, type Caller } from "@/lib/auth/caller";

/**
 * What a dashboard server action answers: the value, or the API's error body (code, message,
 * param, errors, doc_url), so a form shows the same errors the API would have given, each at its field.
 */
type ActionError = ErrorBody["error"];
export type ActionResult<T> = { ok: true; value: T } | { ok: false; error: ActionError };

/**
 * Runs one write for the signed-in user. A server action is a public POST endpoint: it resolves
 * the session itself (the caller is `via: "session"`, which the audit records), and the write-side
 * function it calls checks permission and team. Only ApiErrors become answers; anything else is a
 * bug and is thrown (Next logs it and the form shows its generic failure).
 */
export async function runAction<T>(write: (caller: Caller) => Promise<T>): Promise<ActionResult<T>> {
  try {
    // Inside: loading the user is the action's first database read (503 when unreachable).
    const caller = await getPageCaller();
    if (!caller) return { ok: false, error: ApiError.unauthorized("Your session has ended. Sign in again.").toBody().error };
    return { ok: true, value: await write(caller) };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, error: error.toBody().error };
    const unavailable = databaseApiError(error);
    if (unavailable) return { ok: false, error: unavailable.toBody().error };
    throw error;
  }
}

/** One result per id of a bulk action, each its own write (one failing does not undo the others). */
export async function runForEach<T>(ids: unknown, write: (caller: Caller, id: string) => Promise<T>): Promise<ActionResult<{ id: string; result: ActionResult<T> }[]>> {
  return runAction(async (caller) => {
    if (!Array.isArray(ids) || ids.length === 0 || ids.length > 100 || !ids.every((id) => typeof id === "string" && id.length <= 100)) {
      throw ApiError.invalid("ids", "ids must list between 1 and 100 ids.");
    }
    const results: { id: string; result: ActionResult<T> }[] = [];
    for (const id of ids as string[]) {
      try {
        results.push({ id, result: { ok: true, value: await write(caller, id) } });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        results.push({ id, result: { ok: false, error: error.toBody().error } });
      }
    }
    return results;
  });
}
