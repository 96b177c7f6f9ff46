"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, useTransition } from "react";
import { MENU_ITEM, RowMenu } from "@/components/data-table/row-menu";
import { IntentLink } from "@/components/intent-link";
import type { Indication } from "@/lib/indications/schema";
import { closeIndicationAction, refreshIndicationAction } from "../../_actions/indications";
import { ConfirmButton, ConfirmModal } from "./confirm-button";
import { EditIndicationButton, EditIndicationModal } from "./indication-form";

const button = "h-8 rounded border border-slate-300 bg-white px-3 text-xs font-semibold text-slate-700 shadow-sm hover:bg-slate-50 disabled:opacity-50";

const REFRESHED = "Refreshed: marked as still live.";
const CLOSED = "Closed.";
const closeQuestion = (indication: Indication) => `Close ${indication.permalink_id}? A closed indication cannot be reopened or changed.`;

/** Refresh and close of one indication, and what the last of them answered. */
function useIndicationCommands(indication: Indication) {
  const router = useRouter();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, startTransition] = useTransition();
  function run(action: typeof refreshIndicationAction, done: string) {
    startTransition(async () => {
      const result = await action(indication.id, null);
      setMessage(result.ok ? { ok: true, text: done } : { ok: false, text: result.error.message });
      if (result.ok) router.refresh();
    });
  }
  return { message, setMessage, pending, run };
}

/**
 * Edit, refresh ("still live") and close of one open indication on its page, for a user who may
 * manage indications (the page renders none of it otherwise; the write side refuses anyway).
 * `etag` guards the edit; refresh and close apply to whatever the indication is now.
 */
export function IndicationActions({ indication, etag }: { indication: Indication; etag: string }) {
  const { message, pending, run } = useIndicationCommands(indication);
  if (indication.stage !== "open") return null;
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="indication-actions">
      <EditIndicationButton indication={indication} etag={etag} />
      <button type="button" className={button} disabled={pending} onClick={() => run(refreshIndicationAction, REFRESHED)} data-testid="refresh-indication">
        Refresh
      </button>
      <ConfirmButton
        label="Close"
        question={closeQuestion(indication)}
        confirmLabel="Close indication"
        disabled={pending}
        onConfirm={() => run(closeIndicationAction, CLOSED)}
        testId="close-indication"
        className={button}
      />
      <p role="status" className={`text-xs ${message?.ok === false ? "text-red-700" : "text-emerald-800"}`} data-testid="action-status">
        {message?.text ?? ""}
      </p>
    </div>
  );
}

/** How long a row action's result stays on screen. */
const NOTICE_MS = 8000;

/**
 * A table row's menu (⋯): its details and, while it is open, edit, refresh and close. The menu is a
 * launcher: an item closes it (RowMenu), so it never stands open beside another row after the
 * table re-sorts. The dialogs live beside the menu, not in it, and the result of a refresh or a
 * close is a notice fixed to the window's foot that names the indication.
 */
export function IndicationRowMenu({ indication }: { indication: Indication }) {
  const { message, setMessage, pending, run } = useIndicationCommands(indication);
  const [dialog, setDialog] = useState<"edit" | "close" | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [message, setMessage]);
  const open = indication.stage === "open";
  // The item that opened a dialog is gone with the menu: the focus goes back to the ⋯ button.
  const closed = () => {
    setDialog(null);
    rootRef.current?.querySelector<HTMLElement>("[data-testid=row-menu-button]")?.focus();
  };

  return (
    <div ref={rootRef} className="inline-block">
      <RowMenu label={`Actions for ${indication.permalink_id}`}>
        <IntentLink href={`/indications/${indication.id}`} className={MENU_ITEM} data-testid="open-indication">
          Details
        </IntentLink>
        {open ? (
          <>
            <button type="button" className={MENU_ITEM} onClick={() => setDialog("edit")} data-testid="edit-indication">
              Edit
            </button>
            <button type="button" className={MENU_ITEM} disabled={pending} onClick={() => run(refreshIndicationAction, REFRESHED)} data-testid="refresh-indication">
              Refresh
            </button>
            <button type="button" className={MENU_ITEM} disabled={pending} onClick={() => setDialog("close")} data-testid="close-indication">
              {/* Not "Close", which reads as closing the menu. */}
              Close indication
            </button>
          </>
        ) : null}
      </RowMenu>
      {dialog === "edit" ? <EditIndicationModal indication={indication} onClose={closed} /> : null}
      {dialog === "close" ? (
        <ConfirmModal
          question={closeQuestion(indication)}
          confirmLabel="Close indication"
          onConfirm={() => run(closeIndicationAction, CLOSED)}
          onClose={closed}
          testId="close-indication"
        />
      ) : null}
      <p
        role="status"
        className={
          message
            ? `fixed bottom-4 left-1/2 z-40 w-max max-w-[calc(100vw-2rem)] -translate-x-1/2 whitespace-normal rounded-md border bg-white px-3 py-2 text-xs font-medium shadow-lg ${
                message.ok ? "border-emerald-200 text-emerald-800" : "border-red-200 text-red-700"
              }`
            : "sr-only"
        }
        data-testid="action-status"
      >
        {message ? `${indication.permalink_id}: ${message.text}` : ""}
      </p>
    </div>
  );
}
