import { textInput } from "@/lib/schema/body";
import { ApiError } from "@/lib/schema/errors";
import { shown } from "@/lib/schema/messages";

/** The id and the ETag a dashboard form sends beside its body, checked as the API checks its path and If-Match. */

const idInput = textInput(100).min(1);
const etagInput = textInput(200).nullable();

export function checkId(id: unknown, noun: string): string {
  const parsed = idInput.safeParse(id);
  if (!parsed.success) throw ApiError.invalid("id", `id must be the id of ${noun}; got ${typeof id === "string" ? shown(id) : "none"}.`);
  return parsed.data;
}

export function checkEtag(etag: unknown): string | null {
  const parsed = etagInput.safeParse(etag ?? null);
  if (!parsed.success) throw ApiError.invalid("etag", "etag must be the ETag the form was loaded with: reload the page and try again.");
  return parsed.data;
}
