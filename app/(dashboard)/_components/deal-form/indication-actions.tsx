"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { MENU_ITEM } from "@/components/data-table/row-menu";
import type { Indication } from "@/lib/indications/schema";
import { closeIndicationAction, refreshIndicationAction } from "../../_actions/indications";
import { ConfirmButton } from "./confirm-button";
import { EditIndicationButton } from "./indication-form";

const button = "h-8 rounded border border-slate-300 bg-white px-3 text-xs font-semibold text-slate-700 shadow-sm hover:bg-slate-50 disabled:opacity-50";

/**
 * Edit, refresh ("still live") and close of one open indication, for a user who may manage
 * indications (the page renders none of it otherwise; the write side refuses anyway). `etag`
 * guards the edit; refresh and close apply to whatever the indication is now. `inMenu`: as the
 * items of a table row's menu (components/data-table/row-menu.tsx) instead of a row of buttons.
 */
export function IndicationActions({ indication, etag, inMenu = false }: { indication: Indication; etag?: string; inMenu?: boolean }) {
  const router = useRouter();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, startTransition] = useTransition();
  if (indication.stage !== "open") return null;

  function run(action: typeof refreshIndicationAction, done: string) {
    startTransition(async () => {
      const result = await action(indication.id, null);
      setMessage(result.ok ? { ok: true, text: done } : { ok: false, text: result.error.message });
      if (result.ok) router.refresh();
    });
  }

  const item = inMenu ? MENU_ITEM : button;
  return (
    <div className={inMenu ? "space-y-0.5" : "flex flex-wrap items-center gap-2"} data-testid="indication-actions">
      <EditIndicationButton indication={indication} etag={etag} variant={inMenu ? "menu" : "secondary"} />
      <button type="button" className={item} disabled={pending} onClick={() => run(refreshIndicationAction, "Refreshed: marked as still live.")} data-testid="refresh-indication">
        Refresh
      </button>
      <ConfirmButton
        label="Close"
        question={`Close ${indication.permalink_id}? A closed indication cannot be reopened or changed.`}
        confirmLabel="Close indication"
        disabled={pending}
        onConfirm={() => run(closeIndicationAction, "Closed.")}
        testId="close-indication"
        className={item}
      />
      <p role="status" className={`text-xs ${inMenu ? "px-2 whitespace-normal" : ""} ${message?.ok === false ? "text-red-700" : "text-emerald-800"}`} data-testid="action-status">
        {message?.text ?? ""}
      </p>
    </div>
  );
}
