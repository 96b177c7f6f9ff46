import path from "node:path";
import { describe, expect, it } from "vitest";
import { anchorOf } from "./anchor";
import { readApiReference } from "./pages";

describe("the API reference's pages", () => {
  const reference = readApiReference(path.join(__dirname, "..", ".."));
  const { joinedHref } = reference;
  const lines = reference.markdown.split("\n");

  it("join in reading order, each joined line named by its own page and line", () => {
    const live = lines.findIndex((line) => line.startsWith("# API v1: Changes as they happen")) + 1;
    expect(reference.origin(1)).toBe("docs/api.md line 1");
    expect(reference.origin(live)).toBe("docs/api/live.md line 1");
    expect(reference.origin(live - 1)).toMatch(/^docs\/api\/marks\.md line \d+$/);
  });

  it("link to headings that one of the pages has, so the joined page's links all land", () => {
    const anchors = new Set(lines.filter((line) => /^#{1,6} /.test(line)).map((line) => anchorOf(line.replace(/^#+ /, "").replace(/`/g, ""))));
    const links = [...reference.markdown.matchAll(/\]\(((?:\.\.\/)?(?:api\/)?(?:api|lists|requests|reading|writing|deals|marks|live)\.md)?(#[^)]+)\)/g)].map((m) => joinedHref(`${m[1] ?? ""}${m[2]}`));
    expect(links.length).toBeGreaterThan(50);
    expect(links.filter((href) => !anchors.has(href.slice(1)))).toEqual([]);
  });

  it("go, on the joined page, to the heading or the page's title they name; elsewhere, where they went", () => {
    expect(joinedHref("api/live.md#webhooks")).toBe("#webhooks");
    expect(joinedHref("../api.md#errors")).toBe("#errors");
    expect(joinedHref("lists.md#cursors")).toBe("#cursors");
    expect(joinedHref("api/requests.md#path-ids")).toBe("#path-ids");
    expect(joinedHref("writing.md")).toBe("#api-v1-writing-indications-trades-verification-idempotency");
    expect(joinedHref("../api.md")).toBe("#api-v1-reference");
    expect(joinedHref("https://www.standardwebhooks.com/")).toBe("https://www.standardwebhooks.com/");
  });
});
