"use client";

import { useEffect, useRef, useState } from "react";
import { DIALOG } from "./dialog";

/** A button that asks first, in a modal <dialog>: "Close indication?" → Confirm / Keep it. */
export function ConfirmButton({
  label,
  question,
  confirmLabel,
  disabled,
  onConfirm,
  testId,
  className,
}: {
  label: string;
  question: string;
  confirmLabel: string;
  disabled?: boolean;
  onConfirm: () => void;
  testId: string;
  className: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" disabled={disabled} onClick={() => setOpen(true)} className={className} data-testid={testId}>
        {label}
      </button>
      {open ? <ConfirmModal question={question} confirmLabel={confirmLabel} onConfirm={onConfirm} onClose={() => setOpen(false)} testId={testId} /> : null}
    </>
  );
}

/**
 * The question in a modal <dialog>, shown while mounted; `onClose` (cancel, Escape or after the
 * confirmation) unmounts it. showModal() focuses its first control, Cancel.
 */
export function ConfirmModal({
  question,
  confirmLabel,
  onConfirm,
  onClose,
  testId,
}: {
  question: string;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  testId: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (ref.current && !ref.current.open) ref.current.showModal();
  }, []);
  return (
    <dialog ref={ref} aria-label={question} onClose={onClose} className={`${DIALOG} w-[min(26rem,calc(100vw-1rem))] p-5`} data-testid={`${testId}-confirm`}>
      <p className="text-sm font-semibold text-slate-900">{question}</p>
      <div className="mt-4 flex justify-end gap-2">
        <button type="button" onClick={() => ref.current?.close()} className="h-9 rounded border border-slate-300 px-3 text-sm font-medium text-slate-700 hover:bg-slate-50">
          Cancel
        </button>
        <button
          type="button"
          onClick={() => {
            ref.current?.close();
            onConfirm();
          }}
          className="h-9 rounded bg-red-700 px-3 text-sm font-semibold text-white hover:bg-red-800"
          data-testid={`${testId}-yes`}
        >
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
