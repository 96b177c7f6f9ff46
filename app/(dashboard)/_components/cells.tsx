"use client";

import { LEGACY_STRUCTURE } from "@/lib/domain/enums";
import { formatText, formatUsdPlaces, formatUsdWhole, pricePlaces, stockClassLabel, structureLabel } from "@/lib/format";
import { LegacyStructure } from "@/components/data-table/badges";
import { CompanyLink, useCanOpenCompanies } from "./company-links";
import { CompanyLogo } from "./company-logo";
import { InlineLogo, useHasLogoColor } from "./inline-logos";

/** The company column: logo and name, a link to the company's page when the user may open it. */
export function IssuerCell({ issuer }: { issuer: { id: string; name: string } }) {
  const linked = useCanOpenCompanies();
  const hasColor = useHasLogoColor(issuer.id);
  return (
    <CompanyLink
      id={issuer.id}
      className={`inline-flex max-w-48 items-center gap-2 font-medium text-slate-900 ${linked ? "hover:text-indigo-700 hover:underline" : ""}`}
    >
      {hasColor ? <InlineLogo id={issuer.id} name={issuer.name} size={24} /> : <CompanyLogo id={issuer.id} size={24} />}
      <span className="truncate" title={issuer.name}>
        {issuer.name}
      </span>
    </CompanyLink>
  );
}

/**
 * Money in a table column, by the column's one rule (docs/ui.md "Numbers"): a price to the places
 * its column needs (`column`: the prices on the page), an amount in whole dollars; the exact API
 * value on hover and in `data-value`.
 */
export function MoneyCell({ value, column }: { value: string | null; column?: readonly (string | null)[] }) {
  if (value === null) return <>—</>;
  return (
    <span data-value={value} title={`${value} USD`}>
      {column ? formatUsdPlaces(value, pricePlaces(column)) : formatUsdWhole(value)}
    </span>
  );
}

/** The class type, and the class name only when it says more than the type. */
export function StockClassCell({ type, name }: { type: string; name: string | null }) {
  const label = stockClassLabel(type, name);
  return (
    <>
      {label.type}
      {label.name ? <span className="text-slate-600"> · {label.name}</span> : null}
    </>
  );
}

export function StructureCell({ value }: { value: string | null }) {
  if (value === LEGACY_STRUCTURE) return <LegacyStructure label={structureLabel(value)} />;
  return <>{structureLabel(value)}</>;
}

export function TextCell({ value, mono = false }: { value: string | null | undefined; mono?: boolean }) {
  const text = formatText(value);
  return (
    <span className={`inline-block max-w-64 truncate align-bottom ${mono ? "font-mono" : ""}`} title={value ?? undefined}>
      {text}
    </span>
  );
}
