import type { Metadata } from "next";
import { connection } from "next/server";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Marketplace desk", template: "%s · Marketplace desk" },
  description: "Companies, indications and trades of the private-stock marketplace.",
};

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // Every page is rendered per request: its scripts carry the nonce of that response's CSP
  // (proxy.ts); a page prerendered at build time would carry none and be blocked.
  await connection();
  return (
    <html lang="en">
      <body className="min-h-screen bg-slate-50 font-sans text-sm text-slate-900 antialiased">{children}</body>
    </html>
  );
}
