/**
 * A markdown heading's anchor as GitHub writes it: lower case, punctuation other than `-` and `_`
 * dropped, each space a `-`. The service's rendering of the API reference (/docs/api.md) uses the
 * same, so a `doc_url` anchor means one heading on both.
 */
export function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}
