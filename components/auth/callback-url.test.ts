import { describe, expect, it } from "vitest";
import { DEFAULT_AFTER_SIGN_IN, safeCallbackUrl } from "./callback-url";

describe("safeCallbackUrl (open-redirect guard)", () => {
  it("keeps same-site paths with their query", () => {
    expect(safeCallbackUrl("/trades?side=bid&page=2")).toBe("/trades?side=bid&page=2");
    expect(safeCallbackUrl("/companies/abc#x")).toBe("/companies/abc#x");
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
    "relative/path",
  ])("rejects %j", (value) => {
    expect(safeCallbackUrl(value)).toBe(DEFAULT_AFTER_SIGN_IN);
  });
});
