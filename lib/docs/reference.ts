import "server-only";
import { Marked } from "marked";
import { anchorOf } from "./anchor";
import { readApiReference } from "./pages";

/**
 * The API reference's pages (lib/docs/pages.ts) as one HTML page, for /docs/api.md: the page every
 * error's `doc_url` names. Headings carry their anchors (anchorOf); a link to another page goes to
 * its heading on this page. Rendered once per process: the files are part of the deployed build.
 */
function render(): string {
  const { markdown, joinedHref } = readApiReference(process.cwd());
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading({ tokens, depth, text }) {
        // The anchor from the heading's plain text (`invalid_parameter` from its code span).
        const plain = text.replace(/`/g, "");
        return `<h${depth} id="${anchorOf(plain)}">${this.parser.parseInline(tokens)}</h${depth}>\n`;
      },
    },
    walkTokens(token) {
      if (token.type === "link") token.href = joinedHref(token.href);
    },
  });
  return marked.parse(markdown, { async: false });
}

let rendered: Promise<string> | undefined;

export function apiReferenceHtml(): Promise<string> {
  return (rendered ??= Promise.resolve().then(render));
}
