import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  experimental: {
    // forbidden() + app/(dashboard)/forbidden.tsx: the "no access" pages answer with status 403.
    authInterrupts: true,
  },
};

export default nextConfig;
