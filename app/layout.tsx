import type { Metadata } from "next";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Marketplace desk", template: "%s · Marketplace desk" },
  description: "Companies, indications and trades of the private-stock marketplace.",
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen bg-slate-50 font-sans text-sm text-slate-900 antialiased">{children}</body>
    </html>
  );
}
