"use client";

import { createContext, useContext } from "react";
import { renderLogoSvg } from "@/lib/logos/monogram";

/**
 * The logo colours of a table page's companies, read by the page in one query (getLogoColors): a
 * row's logo is then drawn inline, the same SVG /logos/… serves, instead of one request per row
 * (25 of a page's 41 requests before, issue 15).
 */
const LogoColors = createContext<Record<string, string>>({});

export function LogoColorsProvider({ colors, children }: { colors?: Record<string, string>; children: React.ReactNode }) {
  return <LogoColors.Provider value={colors ?? {}}>{children}</LogoColors.Provider>;
}

/** The company's logo inline when its colour is known here; null otherwise (the caller falls back to <img>). */
export function InlineLogo({ id, name, size }: { id: string; name: string; size: number }) {
  const color = useContext(LogoColors)[id];
  if (color === undefined) return null;
  return (
    <span
      aria-hidden="true"
      className="inline-flex shrink-0 overflow-hidden rounded"
      data-testid="company-logo"
      // renderLogoSvg escapes the name; the colour is checked against #rrggbb there.
      dangerouslySetInnerHTML={{ __html: renderLogoSvg({ name, color, size }) }}
    />
  );
}

export function useHasLogoColor(id: string): boolean {
  return useContext(LogoColors)[id] !== undefined;
}
