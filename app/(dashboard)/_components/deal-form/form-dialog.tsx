"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { MENU_ITEM } from "@/components/data-table/row-menu";

/** What a dialog's form calls when it is done: saved (with what to link to), or cancelled. */
export interface FormDone {
  saved: (what: { text: string; href: string }) => void;
  cancel: () => void;
}

/**
 * A button that opens a form in a modal <dialog> (the browser traps focus and Escape closes it).
 * After a save the dialog says so, with a link to the new or changed resource, and the page's
 * server components are re-read (router.refresh), so the table shows the row at once.
 */
export function FormDialog({
  label,
  title,
  testId,
  variant = "primary",
  shortcut,
  children,
}: {
  label: string;
  title: string;
  testId: string;
  /** "menu": an item of a table row's menu. */
  variant?: "primary" | "secondary" | "menu";
  /** A key that opens it from a table page (components/data-table/shortcuts.ts). */
  shortcut?: string;
  children: (done: FormDone) => React.ReactNode;
}) {
  // The element itself (a callback ref into state): the form's cancel closes it.
  const [dialog, setDialog] = useState<HTMLDialogElement | null>(null);
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState<{ text: string; href: string } | null>(null);
  const [generation, setGeneration] = useState(0);

  function show() {
    setSaved(null);
    setGeneration((n) => n + 1);
    setOpen(true);
    dialog?.showModal();
  }

  function close() {
    dialog?.close();
  }

  return (
    <>
      <button
        type="button"
        onClick={show}
        data-testid={testId}
        data-shortcut={shortcut}
        aria-keyshortcuts={shortcut}
        className={
          variant === "primary"
            ? "h-8 rounded bg-indigo-600 px-3 text-xs font-semibold text-white shadow-sm hover:bg-indigo-700"
            : variant === "menu"
              ? MENU_ITEM
              : "h-8 rounded border border-slate-300 bg-white px-3 text-xs font-semibold text-slate-700 shadow-sm hover:bg-slate-50"
        }
      >
        {label}
      </button>
      <dialog
        ref={setDialog}
        aria-labelledby={`${testId}-title`}
        onClose={() => setOpen(false)}
        className="m-auto w-[min(44rem,calc(100vw-1rem))] max-h-[calc(100dvh-1rem)] overflow-y-auto rounded-lg border border-slate-200 bg-white p-0 shadow-xl backdrop:bg-slate-900/40"
        data-testid={`${testId}-dialog`}
      >
        <div className="sticky top-0 z-10 flex items-center justify-between border-b border-slate-200 bg-white px-5 py-3">
          <h2 id={`${testId}-title`} className="text-base font-semibold text-slate-900">
            {title}
          </h2>
          <button type="button" onClick={close} aria-label="Close" className="rounded px-2 text-lg leading-none text-slate-500 hover:bg-slate-100">
            ×
          </button>
        </div>
        <div className="px-5 py-4">
          {!open ? null : saved ? (
            <div role="status" className="space-y-3" data-testid="form-saved">
              <p className="text-sm font-semibold text-emerald-800">{saved.text}</p>
              <div className="flex gap-2">
                <Link href={saved.href} className="h-9 rounded border border-slate-300 px-3 py-2 text-sm font-medium text-indigo-700 hover:bg-slate-50">
                  Open it
                </Link>
                <button type="button" onClick={close} className="h-9 rounded bg-indigo-600 px-4 text-sm font-semibold text-white hover:bg-indigo-700" autoFocus>
                  Done
                </button>
              </div>
            </div>
          ) : (
            <div key={generation}>
              {children({
                saved: (what) => {
                  setSaved(what);
                  router.refresh();
                },
                cancel: close,
              })}
            </div>
          )}
        </div>
      </dialog>
    </>
  );
}
