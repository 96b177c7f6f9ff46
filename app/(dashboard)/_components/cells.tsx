import Link from "next/link";
import { LEGACY_STRUCTURE } from "@/lib/domain/enums";
import { formatText, structureLabel } from "@/lib/format";
import { LegacyStructure } from "@/components/data-table/badges";
import { CompanyLogo } from "./company-logo";

export function IssuerCell({ issuer, linked = true }: { issuer: { id: string; name: string }; linked?: boolean }) {
  const content = (
    <>
      <CompanyLogo id={issuer.id} size={24} />
      <span className="truncate">{issuer.name}</span>
    </>
  );
  return linked ? (
    <Link
      href={`/companies/${issuer.id}`}
      className="inline-flex max-w-56 items-center gap-2 font-medium text-slate-900 hover:text-indigo-700 hover:underline"
    >
      {content}
    </Link>
  ) : (
    <span className="inline-flex max-w-56 items-center gap-2 font-medium text-slate-900">{content}</span>
  );
}

export function StructureCell({ value }: { value: string | null }) {
  if (value === LEGACY_STRUCTURE) return <LegacyStructure label={structureLabel(value)} />;
  return <>{structureLabel(value)}</>;
}

export function StructureList({ values }: { values: string[] }) {
  if (values.length === 0) return <>—</>;
  return (
    <span className="inline-flex gap-1 whitespace-nowrap">
      {values.map((v, i) => (
        <span key={v}>
          <StructureCell value={v} />
          {i < values.length - 1 ? "," : ""}
        </span>
      ))}
    </span>
  );
}

export function TextCell({ value, mono = false }: { value: string | null | undefined; mono?: boolean }) {
  const text = formatText(value);
  return (
    <span className={`inline-block max-w-64 truncate align-bottom ${mono ? "font-mono" : ""}`} title={value ?? undefined}>
      {text}
    </span>
  );
}
