"use client";

import { useRouter } from "next/navigation";
import { useId, useRef, useState, useTransition } from "react";
import { unverifySchema } from "@/lib/trades/write-schema";
import { setTradesVerifiedAction } from "../_actions/trades";
import { withLabel } from "@/lib/schema/messages";
import { DIALOG } from "./record-form/dialog";
import { errorsOf } from "./record-form/fields";

const button = "h-7 rounded border border-slate-300 bg-white px-2.5 text-xs font-semibold text-slate-700 hover:bg-slate-50 disabled:opacity-50";

export interface VerifyOutcome {
  id: string;
  ok: boolean;
  text: string;
  /** What was asked: verified (true) or unverified. */
  verified: boolean;
}

/**
 * Verify or unverify the trades `ids` through the one server action (setTradesVerifiedAction),
 * one outcome per trade, each named by `names`.
 */
export async function setVerified(ids: string[], verify: boolean, body: Record<string, unknown>, names: Record<string, string>): Promise<VerifyOutcome[]> {
  const answer = await setTradesVerifiedAction(ids, verify, body);
  if (!answer.ok) return [{ id: "", ok: false, text: answer.error.message, verified: verify }];
  return answer.value.map(({ id, result }) => ({
    id,
    ok: result.ok,
    text: `${names[id] ?? id}: ${result.ok ? (verify ? "verified" : "unverified") : result.error.message}`,
    verified: verify,
  }));
}

/**
 * Verify (at once) or unverify (asking why, in a dialog: the API's unverify schema requires a
 * reason) the trades `ids`; `onDone` gets one outcome per trade.
 */
export function VerifyControls({
  ids,
  verified,
  onDone,
  names,
  bulk = false,
}: {
  ids: string[];
  verified: "all-unverified" | "all-verified" | "mixed";
  onDone: (outcomes: VerifyOutcome[]) => void;
  names: Record<string, string>;
  /** The bulk bar's (names the count on its buttons). */
  bulk?: boolean;
}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const uid = useId();
  const many = bulk;

  function run(verify: boolean, body: Record<string, unknown>) {
    startTransition(async () => {
      const outcomes = await setVerified(ids, verify, body, names);
      onDone(outcomes);
      if (outcomes.some((outcome) => outcome.id !== "")) router.refresh();
    });
  }

  function submitUnverify(event: React.FormEvent) {
    event.preventDefault();
    const body = { reason };
    const parsed = unverifySchema.safeParse(body);
    if (!parsed.success) {
      const problem = errorsOf(parsed.error.issues).reason;
      setProblem(problem ? withLabel(problem, "reason", "The reason") : "Say why the trade is unverified.");
      // Where the user can fix it, not on the button they pressed.
      return reasonRef.current?.focus();
    }
    dialogRef.current?.close();
    run(false, body);
  }

  return (
    <span className="inline-flex items-center gap-2">
      {verified !== "all-verified" ? (
        <button type="button" className={button} disabled={pending} onClick={() => run(true, {})} data-testid={many ? "bulk-verify" : "verify-trade"}>
          {many ? `Verify ${ids.length}` : "Verify"}
        </button>
      ) : null}
      {verified !== "all-unverified" ? (
        <button
          type="button"
          className={button}
          disabled={pending}
          onClick={() => {
            setProblem(null);
            dialogRef.current?.showModal();
          }}
          data-testid={many ? "bulk-unverify" : "unverify-trade"}
        >
          {many ? `Unverify ${ids.length}` : "Unverify"}
        </button>
      ) : null}
      {/* showModal() focuses the first control, the reason (no autoFocus: see confirm-button.tsx). */}
      <dialog ref={dialogRef} aria-labelledby={`${uid}-title`} className={`${DIALOG} w-[min(28rem,calc(100vw-1rem))] p-5`}>
        <form noValidate onSubmit={submitUnverify} className="space-y-3" data-testid="unverify-form">
          <h2 id={`${uid}-title`} className="text-sm font-semibold text-slate-900">
            Unverify {many ? `${ids.length} trades` : (names[ids[0]] ?? "this trade")}
          </h2>
          <div className="space-y-1">
            <label htmlFor={`${uid}-reason`} className="block text-xs font-semibold text-slate-700">
              Reason (kept in the audit trail)
            </label>
            <textarea
              ref={reasonRef}
              id={`${uid}-reason`}
              rows={3}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${uid}-problem` : undefined}
              className="w-full rounded border border-slate-300 px-2 py-1.5 text-sm aria-invalid:border-red-600"
              data-testid="unverify-reason"
            />
            {problem ? (
              <p id={`${uid}-problem`} className="text-xs text-red-700" data-testid="error-reason">
                {problem}
              </p>
            ) : null}
          </div>
          <div className="flex justify-end gap-2">
            <button type="button" onClick={() => dialogRef.current?.close()} className="h-9 rounded border border-slate-300 px-3 text-sm font-medium text-slate-700">
              Cancel
            </button>
            <button type="submit" className="h-9 rounded bg-red-700 px-3 text-sm font-semibold text-white hover:bg-red-800" data-testid="unverify-submit">
              Unverify
            </button>
          </div>
        </form>
      </dialog>
    </span>
  );
}
