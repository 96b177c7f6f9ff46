"use client";

import { LEGACY_STRUCTURE } from "@/lib/domain/enums";
import { AVERAGE_PLACES, formatText, formatUsdAverage, formatUsdExact, formatUsdPlaces, formatUsdWhole, pricePlaces, showsExactly, stockClassLabel, structureLabel } from "@/lib/format";
import { LegacyStructure } from "@/components/data-table/badges";
import { Toggletip } from "@/components/data-table/toggletip";
import { CompanyLink, useCanOpenCompanies } from "./company-links";
import { CompanyLogo } from "./company-logo";
import { FollowButton } from "./follow";
import { InlineLogo, useHasLogoColor } from "./inline-logos";

/**
 * The company column: logo and name, a link to the company's page when the user may open it, and
 * its star. `roomy`: a table of few columns (the Market page's), where a wide screen has room for
 * the whole name.
 */
export function IssuerCell({ issuer, roomy = false }: { issuer: { id: string; name: string }; roomy?: boolean }) {
  const linked = useCanOpenCompanies();
  const hasColor = useHasLogoColor(issuer.id);
  // As wide as the name alone was: the star takes its room from the name, which truncates.
  return (
    <span className={`inline-flex max-w-48 items-center gap-1 whitespace-nowrap ${roomy ? "lg:max-w-80" : ""}`}>
      <CompanyLink
        id={issuer.id}
        className={`inline-flex min-w-0 items-center gap-2 font-medium text-slate-900 ${linked ? "hover:text-indigo-700 hover:underline" : ""}`}
      >
        {hasColor ? <InlineLogo id={issuer.id} name={issuer.name} size={24} /> : <CompanyLogo id={issuer.id} size={24} />}
        <span className="truncate" title={issuer.name}>
          {issuer.name}
        </span>
      </CompanyLink>
      <FollowButton company={issuer} />
    </span>
  );
}

/**
 * Money in a table column, by the column's one rule (docs/ui.md "Numbers"): a price to the places
 * its column needs (`column`: the prices on the page), an amount in whole dollars; the exact API
 * value on hover and in `data-value`, and on tap when the rounding hid digits (RoundedUsd).
 */
export function MoneyCell({ value, column }: { value: string | null; column?: readonly (string | null)[] }) {
  if (value === null) return <>—</>;
  const places = column ? pricePlaces(column) : 0;
  return (
    <span data-value={value} title={`${value} USD`}>
      <RoundedUsd value={value} shown={column ? formatUsdPlaces(value, places) : formatUsdWhole(value)} places={places} />
    </span>
  );
}

/**
 * An amount `shown` rounded to `places`: when that hid digits, a toggletip with every digit of
 * `value` (phones have no hover for the title); when it did not, plain text.
 */
function RoundedUsd({ value, shown, places }: { value: string; shown: string; places: number }) {
  if (showsExactly(value, places)) return <>{shown}</>;
  return <Toggletip tip={`${formatUsdExact(value)} exactly`}>{shown}</Toggletip>;
}

/** An average to 4 decimals (formatUsdAverage), the exact one on tap when they are not all of it. */
export function AverageUsd({ value }: { value: string | null }) {
  if (value === null) return <>{formatUsdAverage(value)}</>;
  return <RoundedUsd value={value} shown={formatUsdAverage(value)} places={AVERAGE_PLACES} />;
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
