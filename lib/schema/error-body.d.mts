/** lib/schema/error-body.mjs */
export const API_DOCS_PATH: string;
export function docUrlOf(code: string): string;
export function errorBodyOf<C extends string>(
  code: C,
  message: string,
  param?: string | null,
  errors?: { param: string; code: C; message: string }[],
): { error: { code: C; message: string; param: string | null; errors: { param: string; code: C; message: string }[]; doc_url: string } };
