import type { NextConfig } from "next";
import { FIXED_SECURITY_HEADERS, HSTS, httpsByConfig, NON_PAGE_CSP } from "./lib/security/headers";

const fixed = Object.entries(FIXED_SECURITY_HEADERS).map(([key, value]) => ({ key, value }));

const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // Loaded by Node at run time, not bundled: a worker-thread pool that starts its workers from its
  // own files (lib/auth/password.ts); what server/main.mjs and every layer of the bundle share in
  // the process (server/process-state), which would otherwise be one copy per layer.
  serverExternalPackages: ["piscina", "desk-process-state"],
  experimental: {
    // forbidden() + app/(dashboard)/forbidden.tsx: the "no access" pages answer with status 403.
    authInterrupts: true,
  },
  // The fixed security headers on every response (lib/security/headers.ts); pages get their CSP
  // with a nonce from proxy.ts, everything else the strict one here. HSTS when NEXTAUTH_URL is
  // https (read at build: `npm start` builds with the environment it serves with) or the proxy in
  // front says the request came over HTTPS; proxy.ts decides it per request for pages.
  async headers() {
    return [
      { source: "/:path*", headers: fixed },
      { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: NON_PAGE_CSP }] },
      { source: "/logos/:path*", headers: [{ key: "Content-Security-Policy", value: NON_PAGE_CSP }] },
      httpsByConfig()
        ? { source: "/:path*", headers: [{ key: "Strict-Transport-Security", value: HSTS }] }
        : { source: "/:path*", has: [{ type: "header" as const, key: "x-forwarded-proto", value: "https" }], headers: [{ key: "Strict-Transport-Security", value: HSTS }] },
    ];
  },
};

export default nextConfig;
