"use client";

import { useRef } from "react";

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
  const dialogRef = useRef<HTMLDialogElement>(null);
  return (
    <>
      <button type="button" disabled={disabled} onClick={() => dialogRef.current?.showModal()} className={className} data-testid={testId}>
        {label}
      </button>
      {/* showModal() focuses the first control, Cancel. No autoFocus: React would focus the hidden
          button as every row mounts, a forced style pass each (docs/performance.md, "Lighthouse"). */}
      <dialog ref={dialogRef} aria-label={question} className="m-auto w-[min(26rem,calc(100vw-1rem))] rounded-lg border border-slate-200 bg-white p-5 shadow-xl backdrop:bg-slate-900/40" data-testid={`${testId}-confirm`}>
        <p className="text-sm font-semibold text-slate-900">{question}</p>
        <div className="mt-4 flex justify-end gap-2">
          <button type="button" onClick={() => dialogRef.current?.close()} className="h-9 rounded border border-slate-300 px-3 text-sm font-medium text-slate-700 hover:bg-slate-50">
            Cancel
          </button>
          <button
            type="button"
            onClick={() => {
              dialogRef.current?.close();
              onConfirm();
            }}
            className="h-9 rounded bg-red-700 px-3 text-sm font-semibold text-white hover:bg-red-800"
            data-testid={`${testId}-yes`}
          >
            {confirmLabel}
          </button>
        </div>
      </dialog>
    </>
  );
}
