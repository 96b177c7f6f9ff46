import { describe, expect, it } from "vitest";
import { DEFAULT_AFTER_SIGN_IN, safeCallbackUrl, sameOriginRedirect } from "./callback-url";

// Paths that start with one slash but normalise to "//evil.example" (issue 16's reproduction).
const DOT_SEGMENT_TRICKS = ["/.//evil.example", "/..//evil.example", "/%2e//evil.example", "/%2E%2E//evil.example", "/a/..//evil.example", "/a/%2e%2e//evil.example/x?y=1"];

describe("safeCallbackUrl (open-redirect guard)", () => {
  it("keeps same-site paths with their query", () => {
    expect(safeCallbackUrl("/trades?side=bid&page=2")).toBe("/trades?side=bid&page=2");
    expect(safeCallbackUrl("/companies/abc#x")).toBe("/companies/abc#x");
    expect(safeCallbackUrl("/a/../trades")).toBe("/trades");
  });

  it.each([
    undefined,
    "",
    "https://evil.example/",
    "//evil.example/path",
    "/\\evil.example",
    "\\\\evil.example",
    "javascript:alert(1)",
    "/sign-in?callbackUrl=/x",
    "/api/auth/signout",
    "/\u0000x",
    "/\u0085x",
    "relative/path",
    ...DOT_SEGMENT_TRICKS,
  ])("rejects %j", (value) => {
    expect(safeCallbackUrl(value)).toBe(DEFAULT_AFTER_SIGN_IN);
  });
});

describe("sameOriginRedirect (next-auth's redirect callback)", () => {
  const baseUrl = "http://localhost:3000";

  it("keeps relative and same-origin targets", () => {
    expect(sameOriginRedirect("/trades?side=bid", baseUrl)).toBe("http://localhost:3000/trades?side=bid");
    expect(sameOriginRedirect("http://localhost:3000/x", baseUrl)).toBe("http://localhost:3000/x");
    expect(sameOriginRedirect("/sign-in", baseUrl)).toBe("http://localhost:3000/sign-in");
  });

  it.each(["https://evil.example/", "//evil.example/", "/\\evil.example", "http://localhost:3001/x", "not a url", ...DOT_SEGMENT_TRICKS, ...DOT_SEGMENT_TRICKS.map((p) => `${baseUrl}${p}`)])(
    "sends %j to the base URL, never elsewhere",
    (url) => {
      const result = sameOriginRedirect(url, baseUrl);
      expect(result).toBe(baseUrl);
      // The browser's reading of the answer stays on our origin.
      expect(new URL(result, baseUrl).origin).toBe(baseUrl);
    },
  );
});
