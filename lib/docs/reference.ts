import "server-only";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { Marked } from "marked";
import { API_DOCS_PATH } from "../schema/error-body.mjs";
import { anchorOf } from "./anchor";

/**
 * docs/api.md as HTML, for /docs/api.md: the page every error's `doc_url` names. Headings carry
 * their anchors (anchorOf). Rendered once per process: the file is part of the deployed build.
 */
const marked = new Marked({
  gfm: true,
  renderer: {
    heading({ tokens, depth, text }) {
      // The anchor from the heading's plain text (`invalid_parameter` from its code span).
      const plain = text.replace(/`/g, "");
      return `<h${depth} id="${anchorOf(plain)}">${this.parser.parseInline(tokens)}</h${depth}>\n`;
    },
  },
});

let rendered: Promise<string> | undefined;

export function apiReferenceHtml(): Promise<string> {
  rendered ??= readFile(path.join(process.cwd(), API_DOCS_PATH), "utf8").then((markdown) => marked.parse(markdown, { async: false }));
  return rendered;
}
