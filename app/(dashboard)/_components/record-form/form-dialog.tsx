"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { DIALOG } from "./dialog";

/** What a dialog's form calls when it is done: saved (with what to link to), or cancelled. */
export interface FormDone {
  saved: (what: { text: string; href: string }) => void;
  cancel: () => void;
}

/** A button that opens a form in a modal <dialog> (FormModal); `children` renders the form. */
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
  variant?: "primary" | "secondary";
  /** A key that opens it from a table page (components/data-table/shortcuts.ts). */
  shortcut?: string;
  children: (done: FormDone) => React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        data-testid={testId}
        data-shortcut={shortcut}
        aria-keyshortcuts={shortcut}
        className={
          variant === "primary"
            ? "h-8 rounded bg-indigo-600 px-3 text-xs font-semibold text-white shadow-sm hover:bg-indigo-700"
            : "h-8 rounded border border-slate-300 bg-white px-3 text-xs font-semibold text-slate-700 shadow-sm hover:bg-slate-50"
        }
      >
        {label}
      </button>
      {open ? (
        <FormModal title={title} testId={testId} onClose={() => setOpen(false)}>
          {children}
        </FormModal>
      ) : null}
    </>
  );
}

/**
 * A form in a modal <dialog>, shown while mounted (the browser traps focus and Escape closes it;
 * `onClose` then unmounts it). After a save the dialog says so, with a link to the new or changed
 * resource, and the page's server components are re-read (router.refresh), so the table shows the
 * row at once. Mounted only while shown, so a page of rows builds no hidden dialogs.
 */
export function FormModal({
  title,
  testId,
  onClose,
  children,
}: {
  title: string;
  testId: string;
  onClose: () => void;
  children: (done: FormDone) => React.ReactNode;
}) {
  // The element itself (a callback ref into state): the form's cancel closes it.
  const [dialog, setDialog] = useState<HTMLDialogElement | null>(null);
  const router = useRouter();
  const [saved, setSaved] = useState<{ text: string; href: string } | null>(null);
  useEffect(() => {
    if (dialog && !dialog.open) dialog.showModal();
  }, [dialog]);
  const close = () => dialog?.close();

  return (
    <dialog
      ref={setDialog}
      aria-labelledby={`${testId}-title`}
      onClose={onClose}
      className={`${DIALOG} w-[min(44rem,calc(100vw-1rem))] max-h-[calc(100dvh-1rem)] overflow-y-auto p-0`}
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
        {saved ? (
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
          children({
            saved: (what) => {
              setSaved(what);
              router.refresh();
            },
            cancel: close,
          })
        )}
      </div>
    </dialog>
  );
}
