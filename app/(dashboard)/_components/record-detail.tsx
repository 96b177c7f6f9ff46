import { Breadcrumb } from "@/components/layout/breadcrumb";
import type { AuditEvent } from "@/lib/audit/events";
import { LONG_TEXT_FIELDS } from "./record-form/field-defs";
import { HistoryTimeline } from "./history-timeline";
import { ResourceFields } from "./resource-fields";

/**
 * The detail page of an indication or a trade: breadcrumb, title with its badges and actions,
 * what `children` adds (a trade's verification), every field in `fields`, then the audit history.
 */
export function RecordDetail({
  resource,
  parent,
  badges,
  actions,
  fields,
  history,
  kind,
  children,
}: {
  resource: { id: string; permalink_id: string; issuer: { name: string } };
  parent: { href: string; label: string };
  badges: React.ReactNode;
  actions: React.ReactNode;
  /** Every field of the spec the resource has (ResourceFields orders them). */
  fields: readonly string[];
  history: { items: AuditEvent[]; total: number };
  /** Names the page's test ids: `${kind}-page`, `${kind}-fields`. */
  kind: "indication" | "trade";
  children?: React.ReactNode;
}) {
  return (
    <article className="space-y-5" data-testid={`${kind}-page`} data-id={resource.id}>
      <Breadcrumb parent={parent} current={resource.permalink_id} />
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <h1 className="text-lg font-semibold tracking-tight text-slate-900">
            {resource.issuer.name} · {resource.permalink_id}
          </h1>
          {badges}
        </div>
        {actions}
      </header>
      {children}
      <section aria-labelledby="fields-heading" className="rounded-md border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="fields-heading" className="mb-3 text-sm font-semibold text-slate-900">
          Fields
        </h2>
        <ResourceFields fields={fields} wide={LONG_TEXT_FIELDS[kind]} resource={resource} testId={`${kind}-fields`} />
      </section>
      <HistoryTimeline events={history.items} total={history.total} />
    </article>
  );
}
