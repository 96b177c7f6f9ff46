import { afterEach, describe, expect, it } from "vitest";
import { isAllowedUrl } from "./allowed-hosts";

/** The operator's allow-list as a pure function over URLs: a port is allowed only where an entry names it. */
describe("isAllowedUrl", () => {
  const saved = process.env.WEBHOOK_ALLOWED_HOSTS;
  afterEach(() => {
    process.env.WEBHOOK_ALLOWED_HOSTS = saved;
  });
  const allows = (list: string, url: string) => {
    process.env.WEBHOOK_ALLOWED_HOSTS = list;
    return isAllowedUrl(new URL(url));
  };

  it("takes a named port, and that port only", () => {
    expect(allows("127.0.0.1:9000", "http://127.0.0.1:9000/hook")).toBe(true);
    expect(allows("127.0.0.1:9000", "http://127.0.0.1:5432/")).toBe(false);
    expect(allows("127.0.0.1:9000", "http://127.0.0.1/")).toBe(false);
    expect(allows("[::1]:9000", "http://[::1]:9000/")).toBe(true);
    expect(allows("[::1]:9000", "http://[::1]:9001/")).toBe(false);
    expect(allows("Hooks.Internal:8443", "https://hooks.internal:8443/x")).toBe(true);
    expect(allows("hooks.internal:8443", "https://hooks.internal/x")).toBe(false);
    expect(allows("127.0.0.1:80", "http://127.0.0.1/")).toBe(true);
  });

  it("takes every port only when the entry says so with :*", () => {
    expect(allows("127.0.0.1:*", "http://127.0.0.1:5432/")).toBe(true);
    expect(allows("[::1]:*", "http://[::1]:3401/")).toBe(true);
    expect(allows("127.0.0.1:*", "http://127.0.0.2:5432/")).toBe(false);
  });

  it("reads a bare host as its scheme's default port only", () => {
    expect(allows("127.0.0.1", "http://127.0.0.1/")).toBe(true);
    expect(allows("127.0.0.1", "http://127.0.0.1:80/")).toBe(true);
    expect(allows("127.0.0.1", "https://127.0.0.1/")).toBe(true);
    expect(allows("127.0.0.1", "http://127.0.0.1:5432/")).toBe(false);
    expect(allows("127.0.0.1", "http://127.0.0.1:443/")).toBe(false);
    expect(allows("::1", "http://[::1]/")).toBe(true);
    expect(allows("::1", "http://[::1]:8080/")).toBe(false);
  });

  it("matches the host as written, among several entries", () => {
    expect(allows(" 10.0.0.5:9000 , 127.0.0.1:* ", "http://127.0.0.1:1/")).toBe(true);
    expect(allows("127.0.0.1:*", "http://localhost:9000/")).toBe(false);
    expect(allows("", "http://127.0.0.1/")).toBe(false);
  });
});
