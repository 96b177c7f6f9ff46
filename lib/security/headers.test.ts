import { describe, expect, it } from "vitest";
import { authCookies, sessionCookieName } from "@/lib/auth/cookies";
import { isHttpsRequest, pageCsp } from "./headers";

describe("HTTPS-only protections", () => {
  it("takes HTTPS from NEXTAUTH_URL or the proxy's X-Forwarded-Proto", () => {
    expect(isHttpsRequest(new Headers(), { NEXTAUTH_URL: "https://desk.example" })).toBe(true);
    expect(isHttpsRequest(new Headers({ "x-forwarded-proto": "https" }), {})).toBe(true);
    expect(isHttpsRequest(new Headers({ "x-forwarded-proto": "http" }), { NEXTAUTH_URL: "http://localhost:3000" })).toBe(false);
    expect(isHttpsRequest(new Headers(), {})).toBe(false);
  });

  it("names the session and callback cookies __Host- (Secure, path /, no Domain) over HTTPS only", () => {
    const https = { NEXTAUTH_URL: "https://desk.example" };
    expect(sessionCookieName(https)).toBe("__Host-next-auth.session-token");
    const cookies = authCookies(https)!;
    for (const cookie of [cookies.sessionToken!, cookies.callbackUrl!]) {
      expect(cookie.name.startsWith("__Host-")).toBe(true);
      expect(cookie.options).toMatchObject({ secure: true, path: "/", httpOnly: true });
      expect(cookie.options).not.toHaveProperty("domain");
    }
    expect(sessionCookieName({})).toBe("next-auth.session-token");
    expect(authCookies({})).toBeUndefined();
  });

  it("lets only the response's nonce run scripts, never eval in production", () => {
    const csp = pageCsp("abc123");
    expect(csp).toContain("script-src 'self' 'nonce-abc123' 'strict-dynamic'");
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(pageCsp("n", { https: true })).toContain("upgrade-insecure-requests");
  });
});
