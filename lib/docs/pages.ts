import { readFileSync } from "node:fs";
import path from "node:path";
import { anchorOf } from "./anchor";

/**
 * The API reference's pages, in reading order: docs/api.md (the conventions, and the errors every
 * `doc_url` names), the conventions of lists and of requests and answers, and the operations'
 * pages. Their `sh` examples run in this order in one shell (lib/docs/examples-cli.ts), and
 * /docs/api.md serves them as one page (reference.ts).
 */
const API_DOC_PAGES = [
  "docs/api.md",
  "docs/api/lists.md",
  "docs/api/requests.md",
  "docs/api/reading.md",
  "docs/api/writing.md",
  "docs/api/deals.md",
  "docs/api/marks.md",
  "docs/api/live.md",
] as const;

export interface ApiReference {
  /** The pages' markdown joined, each on the lines after the last. */
  markdown: string;
  /** Where line `n` (1-based) of the joined markdown stands: "docs/api/live.md line 12". */
  origin(line: number): string;
  /**
   * Where a link of a page goes on the joined page: a link to another page's heading
   * (`api/live.md#webhooks`, `../api.md#errors`) to that heading, one to a page to its title.
   */
  joinedHref(href: string): string;
}

export function readApiReference(root: string): ApiReference {
  const pages = API_DOC_PAGES.map((page) => {
    const file = path.join(/* turbopackIgnore: true */ root, page);
    // Read where the server runs (npm start serves the checkout), not traced into the build.
    return { page, lines: readFileSync(/* turbopackIgnore: true */ file, "utf8").replace(/\n$/, "").split("\n") };
  });
  // Each page by its file's name ("live"), to its title's anchor.
  const titles = new Map(pages.map(({ page, lines }) => [path.basename(page, ".md"), anchorOf(lines[0].replace(/^# /, ""))]));
  const pageLink = new RegExp(`^(?:\\.\\./)?(?:api/)?(${[...titles.keys()].join("|")})\\.md(#.*)?$`);
  return {
    markdown: pages.flatMap(({ lines }) => lines).join("\n") + "\n",
    joinedHref(href) {
      const link = pageLink.exec(href);
      return link ? (link[2] ?? `#${titles.get(link[1])}`) : href;
    },
    origin(line) {
      let before = 0;
      for (const { page, lines } of pages) {
        if (line <= before + lines.length) return `${page} line ${line - before}`;
        before += lines.length;
      }
      return `line ${line}`;
    },
  };
}
