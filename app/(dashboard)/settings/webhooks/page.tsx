import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/page-header";
import { Timestamp } from "@/components/timestamp";
import { REQUIRES } from "@/lib/auth/requirements";
import { listDeliveries, listWebhooks } from "@/lib/webhooks/queries";
import { WEBHOOK_EVENT_TYPES } from "@/lib/webhooks/schema";
import { requireCaller } from "../../_lib/caller";
import { CreateWebhookForm } from "./create-webhook-form";
import { RedeliverForm } from "./redeliver-form";
import { WebhookActions } from "./webhook-actions";

export const metadata: Metadata = { title: "Webhooks" };

/** How many of an endpoint's latest attempts the page shows (the API's deliveries list has more). */
const SHOWN_DELIVERIES = 10;
const DELIVERY_COLUMNS = ["When", "Event", "Attempt", "Result"];

export default async function WebhooksPage() {
  const caller = await requireCaller();
  const header = (
    <PageHeader
      title="Webhooks"
      description="Your team's audit events (indications and trades created, changed, closed, verified…) sent as signed POSTs to URLs of your programs, as they happen. See the API docs, “Webhooks”, to verify them."
    />
  );
  if (!caller.permissions.includes(REQUIRES.manageWebhooks.permission)) {
    return (
      <div className="space-y-5">
        {header}
        <p className="text-sm text-slate-700" data-testid="webhooks-not-allowed">
          Managing webhooks needs the “{REQUIRES.manageWebhooks.permission}” permission; ask your team lead.
        </p>
      </div>
    );
  }
  const { webhooks } = await listWebhooks(caller);
  const logs = await Promise.all(webhooks.map((webhook) => listDeliveries(caller, webhook.id, { limit: SHOWN_DELIVERIES })));

  return (
    <div className="space-y-5">
      {header}
      <section aria-labelledby="create-webhook-heading" className="rounded-md border border-slate-200 bg-white p-4 shadow-sm">
        <h2 id="create-webhook-heading" className="mb-2 text-sm font-semibold text-slate-900">
          Add an endpoint
        </h2>
        <CreateWebhookForm eventTypes={[...WEBHOOK_EVENT_TYPES]} />
      </section>

      <section aria-labelledby="webhooks-heading" className="space-y-2">
        <h2 id="webhooks-heading" className="text-sm font-semibold text-slate-900">
          Your team’s endpoints <span className="font-normal text-slate-500">({webhooks.length})</span>
        </h2>
        {webhooks.length === 0 ? (
          <p className="rounded-md border border-slate-200 bg-white px-3 py-8 text-center text-sm text-slate-500" data-testid="empty-state">
            No endpoints yet.
          </p>
        ) : null}
        <ul className="space-y-3">
          {webhooks.map((webhook, i) => (
            <li key={webhook.id} className="rounded-md border border-slate-200 bg-white p-3 shadow-sm" data-testid="webhook" data-id={webhook.id}>
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0 space-y-1">
                  <h3 className="break-all font-mono text-sm text-slate-900" data-testid="webhook-url">
                    {webhook.url}
                  </h3>
                  {webhook.description ? <p className="text-xs text-slate-600">{webhook.description}</p> : null}
                  <p className="text-xs text-slate-600">
                    Events: <span className="font-mono">{webhook.events.join(", ")}</span> · added <Timestamp iso={webhook.created_at} />
                  </p>
                  <p className="text-xs" data-testid="webhook-status">
                    {webhook.disabled_at ? (
                      <span className="text-red-700">
                        Disabled <Timestamp iso={webhook.disabled_at} />: {webhook.disabled_reason}
                      </span>
                    ) : (
                      <span className="rounded bg-emerald-50 px-1.5 py-px text-[11px] font-semibold text-emerald-800 ring-1 ring-inset ring-emerald-200">Active</span>
                    )}
                  </p>
                </div>
                <WebhookActions id={webhook.id} url={webhook.url} />
              </div>
              <div className="mt-2">
                <RedeliverForm id={webhook.id} url={webhook.url} />
              </div>
              <details className="mt-2">
                <summary className="cursor-pointer text-xs font-medium text-indigo-700">Latest deliveries ({logs[i].deliveries.length})</summary>
                {/* Focusable, so a keyboard can scroll it sideways on a phone. */}
                <div className="mt-2 overflow-x-auto" tabIndex={0} role="region" aria-label={`Deliveries to ${webhook.url}, scrollable`}>
                  <table className="min-w-full text-xs" data-testid="deliveries-table">
                    <caption className="sr-only">Latest deliveries to {webhook.url}</caption>
                    <thead className="border-b border-slate-200 bg-slate-50">
                      <tr className="text-[11px] uppercase tracking-wide text-slate-600">
                        {DELIVERY_COLUMNS.map((column) => (
                          <th key={column} scope="col" className="px-2 py-1 text-left font-semibold">
                            {column}
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-slate-100">
                      {logs[i].deliveries.map((delivery) => (
                        <tr key={delivery.id}>
                          <td className="whitespace-nowrap px-2 py-1">
                            <Timestamp iso={delivery.attempted_at} />
                          </td>
                          <td className="px-2 py-1 font-mono">{delivery.event_id}</td>
                          <td className="px-2 py-1">
                            {delivery.attempt}
                            {delivery.trigger === "manual" ? " (redelivery)" : ""}
                          </td>
                          <td className={delivery.succeeded ? "px-2 py-1 text-emerald-800" : "px-2 py-1 text-red-700"}>
                            {delivery.succeeded ? `Delivered (${delivery.status_code})` : (delivery.error ?? "Failed")} · {delivery.duration_ms} ms
                          </td>
                        </tr>
                      ))}
                      {logs[i].deliveries.length === 0 ? (
                        <tr>
                          <td colSpan={DELIVERY_COLUMNS.length} className="px-2 py-3 text-center text-slate-500">
                            Nothing sent yet.
                          </td>
                        </tr>
                      ) : null}
                    </tbody>
                  </table>
                </div>
              </details>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
