import type { Metadata } from "next";
import { IntentLink } from "@/components/intent-link";
import { PageHeader } from "@/components/layout/page-header";
import { Timestamp } from "@/components/timestamp";
import { listOwnApiKeys } from "@/lib/auth/own-api-keys";
import { requireCaller } from "../../_lib/caller";
import { CreateKeyForm } from "./create-key-form";
import { RevokeKeyButton } from "./revoke-key-button";
import { SMALL_LINK } from "../../_components/link-styles";

export const metadata: Metadata = { title: "API keys" };

export default async function ApiKeysPage() {
  const caller = await requireCaller();
  const keys = await listOwnApiKeys(caller);

  return (
    <div className="space-y-5">
      <PageHeader
        title="API keys"
        description="Keys for programs that call the data service (/api/v1) as you: they read and write what you may, for your team."
      >
        <IntentLink href="/settings/webhooks" className={SMALL_LINK}>
          Webhooks: have changes sent to your programs
        </IntentLink>
      </PageHeader>

      <section aria-labelledby="create-key-heading" className="rounded-md border border-slate-200 bg-white p-4 shadow-sm">
        <h2 id="create-key-heading" className="mb-2 text-sm font-semibold text-slate-900">
          Create a key
        </h2>
        <CreateKeyForm />
      </section>

      <section aria-labelledby="keys-heading" className="space-y-2">
        <h2 id="keys-heading" className="text-sm font-semibold text-slate-900">
          Your keys <span className="font-normal text-slate-500">({keys.length})</span>
        </h2>
        {/* Focusable, so a keyboard can scroll it sideways on a phone. */}
        <div className="relative overflow-x-auto rounded-md border border-slate-200 bg-white shadow-sm" tabIndex={0} role="region" aria-label="API keys, scrollable">
          <table className="min-w-full text-xs" data-testid="api-keys-table">
            <caption className="sr-only">Your API keys</caption>
            <thead className="border-b border-slate-200 bg-slate-50">
              <tr className="text-[11px] uppercase tracking-wide text-slate-600">
                <th scope="col" className="px-3 py-2 text-left font-semibold">Name</th>
                <th scope="col" className="px-3 py-2 text-left font-semibold">Prefix</th>
                <th scope="col" className="px-3 py-2 text-left font-semibold">Scopes</th>
                <th scope="col" className="px-3 py-2 text-left font-semibold">Created</th>
                <th scope="col" className="px-3 py-2 text-left font-semibold">Last used</th>
                <th scope="col" className="px-3 py-2 text-left font-semibold">Status</th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {keys.map((key) => (
                <tr key={key.id} className={key.revokedAt ? "text-slate-600" : "hover:bg-slate-50"} data-testid="api-key-row" data-prefix={key.prefix}>
                  <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">
                    {key.name}
                  </th>
                  <td className="px-3 py-2 font-mono">{key.prefix}…</td>
                  <td className="px-3 py-2">{key.scopes.length > 0 ? key.scopes.join(", ") : "—"}</td>
                  <td className="whitespace-nowrap px-3 py-2">
                    <Timestamp iso={key.createdAt.toISOString()} />
                  </td>
                  <td className="whitespace-nowrap px-3 py-2">
                    {key.lastUsedAt ? <Timestamp iso={key.lastUsedAt.toISOString()} /> : <span className="text-slate-500">Never</span>}
                  </td>
                  <td className="whitespace-nowrap px-3 py-2" data-testid="api-key-status">
                    {key.revokedAt ? (
                      <span>
                        Revoked <Timestamp iso={key.revokedAt.toISOString()} />
                      </span>
                    ) : (
                      <span className="rounded bg-emerald-50 px-1.5 py-px text-[11px] font-semibold text-emerald-800 ring-1 ring-inset ring-emerald-200">
                        Active
                      </span>
                    )}
                  </td>
                  <td className="px-3 py-2 text-right">
                    {key.revokedAt ? null : <RevokeKeyButton id={key.id} name={key.name} prefix={key.prefix} />}
                  </td>
                </tr>
              ))}
              {keys.length === 0 ? (
                <tr>
                  <td colSpan={7} className="px-3 py-8 text-center text-sm text-slate-500" data-testid="empty-state">
                    You have no API keys yet.
                  </td>
                </tr>
              ) : null}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
