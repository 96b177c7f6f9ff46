import { Timestamp } from "@/components/timestamp";
import {
  formatDate,
  formatPercent,
  formatUsd,
  formatUsdBound,
  labelOf,
  SIDE_LABELS,
  STAGE_LABELS,
  STOCK_CLASS_TYPE_LABELS,
  STOCK_TYPE_LABELS,
  structureLabel,
  VISIBILITY_LABELS,
} from "@/lib/format";
import { DEAL_DEAD_REASON_LABELS, DEAL_STAGE_LABELS } from "@/lib/deals/labels";
import { CompanyLink } from "./company-links";
import { SHARED_FIELD_LABELS } from "./field-labels";

/**
 * Every field of a resource as the API shows it, ordered by the task (detailOrder), so a field
 * added to the schema appears here without a change.
 */

const ENUM_LABELS: Record<string, Record<string, string>> = {
  side: SIDE_LABELS,
  // An indication's stages and a deal's share no value.
  stage: { ...STAGE_LABELS, ...DEAL_STAGE_LABELS },
  dead_reason: DEAL_DEAD_REASON_LABELS,
  visibility: VISIBILITY_LABELS,
  stock_type: STOCK_TYPE_LABELS,
  stock_class_type: STOCK_CLASS_TYPE_LABELS,
};

/**
 * The order a desk reads a record in: the economics (what, at what price, how much, on what terms,
 * who may see it), then the parties and the stock; the record's bookkeeping (BOOKKEEPING) comes
 * last. A field not listed in either follows `details`, before the bookkeeping, in its schema order.
 */
const DETAIL_ORDER = [
  "side",
  "stage",
  "issuer",
  "price_per_share",
  "volume",
  "minimum_volume",
  "structure",
  "acceptable_structures",
  "sign_date",
  "won_date",
  "visibility",
  "private_recipients",
  "is_verified",
  "verification_officer_name",
  "verification_officer_email",
  "attributed_to_owner",
  "stock_type",
  "stock_class_type",
  "stock_class",
  "management_fee_percent",
  "carried_interest_fee_percent",
  "client_id",
  "third_party_id",
  "details",
];
const BOOKKEEPING = ["permalink_id", "id", "opened_at", "last_refreshed_at", "created_at", "updated_at"];

/** `fields` in DETAIL_ORDER, then the unlisted ones in their own order, then BOOKKEEPING. */
export function detailOrder(fields: readonly string[]): string[] {
  const rank = (field: string) => {
    const at = DETAIL_ORDER.indexOf(field);
    if (at !== -1) return at;
    const kept = BOOKKEEPING.indexOf(field);
    return kept === -1 ? DETAIL_ORDER.length + fields.indexOf(field) : DETAIL_ORDER.length + fields.length + kept;
  };
  return [...fields].sort((a, b) => rank(a) - rank(b));
}

/** Where the generated label would read like a column name. */
const LABELS: Record<string, string> = {
  id: "ID",
  issuer: "Company",
  permalink_id: "Permalink",
  price_per_share: "Price per share",
  is_verified: "Verified",
  ...SHARED_FIELD_LABELS,
  management_fee_percent: "Management fee",
  carried_interest_fee_percent: "Carried interest",
  client_id: "Client ID",
  third_party_id: "Third-party ID",
  private_recipients: "Shared with",
  minimum_volume: "Minimum volume",
  last_refreshed_at: "Last refreshed",
  opened_at: "Opened",
  created_at: "Created",
  updated_at: "Last changed",
};

/** `price_per_share` -> "Price per share"; ids keep their capitals. */
export function fieldLabel(field: string): string {
  if (LABELS[field]) return LABELS[field];
  const words = field.replace(/_id$/, "_ID").split("_").join(" ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** One value as text, for the change list of the history (no markup). */
export function valueText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (Array.isArray(value)) return value.length === 0 ? "—" : value.map((v) => valueText(field, v)).join(", ");
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "object") return objectText(value as Record<string, unknown>);
  const text = String(value);
  if (field.includes("structure")) return structureLabel(text);
  if (ENUM_LABELS[field]) return labelOf(ENUM_LABELS[field], text);
  if (field.endsWith("_percent")) return formatPercent(text);
  if (field.endsWith("_date")) return formatDate(text);
  // Exact either way (docs/ui.md, "Numbers"): a volume's cents only where it has some, as the forms write bounds.
  if (field.endsWith("volume")) return formatUsdBound(text);
  if (field === "price_per_share") return formatUsd(text);
  return text;
}

/**
 * An object value of a change: a company or team by its name; a deal's party by its team and
 * broker as far as they are named ("not named" otherwise, never a guess); a deal's terms as
 * price × volume, structure, sign date.
 */
function objectText(value: Record<string, unknown>): string {
  if ("name" in value) return String(value.name);
  if ("team" in value && "broker" in value) {
    const { team, broker } = value as { team: { name: string } | null; broker: { name: string } | null };
    return team ? `${team.name}${broker ? ` (${broker.name})` : ""}` : "not named";
  }
  if ("sign_date" in value) {
    const terms = value as { price_per_share: string; volume: string; structure: string; sign_date: string };
    return `${formatUsd(terms.price_per_share)} × ${formatUsdBound(terms.volume)}, ${structureLabel(terms.structure)}, signed ${formatDate(terms.sign_date)}`;
  }
  return JSON.stringify(value);
}

function FieldValue({ field, value }: { field: string; value: unknown }) {
  if (field === "issuer" && value && typeof value === "object") {
    const issuer = value as { id: string; name: string };
    return (
      <CompanyLink id={issuer.id} className="text-indigo-700 hover:underline">
        {issuer.name}
      </CompanyLink>
    );
  }
  if (field.endsWith("_at") && typeof value === "string") return <Timestamp iso={value} />;
  // An empty id is the page's one "—", not drawn in the ids' monospace (where it reads as "–").
  if ((field === "id" || field.endsWith("_id")) && typeof value === "string" && value !== "") return <code className="font-mono text-xs">{value}</code>;
  return <>{valueText(field, value)}</>;
}

/**
 * The fields in detailOrder; those in `wide` (long free text: the ones its form takes in a
 * textarea, LONG_TEXT_FIELDS) span the row.
 */
export function ResourceFields({
  fields,
  wide = [],
  resource,
  testId,
}: {
  fields: readonly string[];
  wide?: readonly string[];
  resource: Record<string, unknown>;
  testId?: string;
}) {
  return (
    <dl className="grid grid-cols-1 gap-x-8 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-3" data-testid={testId}>
      {detailOrder(fields).map((field) => (
        <div key={field} data-field={field} className={wide.includes(field) ? "sm:col-span-2 lg:col-span-3" : undefined}>
          <dt className="text-xs font-medium text-slate-500">{fieldLabel(field)}</dt>
          <dd className="mt-0.5 break-words text-slate-800" data-value={typeof resource[field] === "string" ? (resource[field] as string) : undefined}>
            <FieldValue field={field} value={resource[field]} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
