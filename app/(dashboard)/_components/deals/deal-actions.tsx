"use client";

import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState, useTransition } from "react";
import type { DealStep } from "@/lib/deals/machine";
import type { DealStage } from "@/lib/domain/enums";
import type { ErrorBody } from "@/lib/schema/errors";
import { takeDealStepAction } from "../../_actions/deals";
import { DIALOG } from "../record-form/dialog";
import { bodyOf, errorsAtFields, plainMessage, validate, type FormValues } from "../record-form/fields";
import { Control, FieldError, labelClass } from "../record-form/record-form";
import { STEP_UI, withoutEmpty, type StepUi } from "./step-forms";

const BUTTON = "h-9 rounded px-3 text-sm font-semibold shadow-sm disabled:opacity-50";
const TONE = {
  primary: "bg-indigo-600 text-white hover:bg-indigo-700",
  plain: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50",
  ends: "border border-red-300 bg-white text-red-800 hover:bg-red-50",
};

type Refusal = ErrorBody["error"];
/** What the last step answered, and the stage it speaks of (null: whatever the stage), so a live change of the deal retires it. */
type Status = { ok: boolean; text: string; at: DealStage | null } | null;

/**
 * The steps the viewer may take on the deal (the page decides which, from the stage machine), each
 * sent with the ETag the page was loaded with: a deal changed meanwhile is refused (412), said so,
 * and the page reloaded. A refusal's message is the API's, at the field it names or above them.
 */
export function DealActions({ dealId, stage, etag, steps, defaults = {} }: { dealId: string; stage: DealStage; etag: string; steps: DealStep[]; defaults?: Partial<Record<DealStep, FormValues>> }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [status, setStatus] = useState<Status>(null);
  const [asking, setAsking] = useState<DealStep | null>(null);
  // Where the focus goes once a step is taken: its button may be gone from the redrawn page.
  const statusRef = useRef<HTMLParagraphElement>(null);

  /** Takes the step; answers the refusal for a form to show, or null when it is done (or the page is reloading). */
  async function take(step: DealStep, body: Record<string, unknown>): Promise<Refusal | null> {
    const result = await takeDealStepAction(dealId, step, body, etag);
    if (result.ok) {
      setStatus({ ok: true, text: STEP_UI[step].done, at: result.value });
      router.refresh();
      statusRef.current?.focus();
      return null;
    }
    if (result.error.code === "precondition_failed") {
      setStatus({ ok: false, text: "This deal changed since the page was loaded: here it is as it stands now. Check it and try again.", at: null });
      router.refresh();
      return null;
    }
    return result.error;
  }

  const shown = status && (status.at === null || status.at === stage) ? status : null;
  if (steps.length === 0 && !shown) return null;
  return (
    <section aria-label="Actions" className="flex flex-wrap items-center gap-2" data-testid="deal-actions">
      {steps.map((step) => {
        const ui = STEP_UI[step];
        const tone = ui.ends ? TONE.ends : ui.form ? TONE.plain : TONE.primary;
        return (
          <button
            key={step}
            type="button"
            disabled={pending}
            className={`${BUTTON} ${tone}`}
            data-testid={`deal-step-${step}`}
            onClick={() => {
              setStatus(null);
              if (ui.form) return setAsking(step);
              startTransition(async () => {
                const refusal = await take(step, {});
                if (refusal) setStatus({ ok: false, text: refusal.message, at: stage });
              });
            }}
          >
            {ui.label}
          </button>
        );
      })}
      <p ref={statusRef} tabIndex={-1} role="status" className={`basis-full text-sm outline-none ${shown?.ok === false ? "text-red-700" : "text-emerald-800"}`} data-testid="deal-action-status">
        {shown?.text ?? ""}
      </p>
      {asking && STEP_UI[asking].form ? <StepDialog step={asking} ui={STEP_UI[asking]} initial={defaults[asking]} take={take} onClose={() => setAsking(null)} /> : null}
    </section>
  );
}

/**
 * A step's form in a modal <dialog>, mounted while shown (showModal() traps focus and focuses its
 * first field; Escape closes it). Checked in the browser with the API's body schema first.
 */
function StepDialog({
  step,
  ui,
  initial,
  take,
  onClose,
}: {
  step: DealStep;
  ui: StepUi;
  initial: FormValues | undefined;
  take: (step: DealStep, body: Record<string, unknown>) => Promise<Refusal | null>;
  onClose: () => void;
}) {
  const form = ui.form!;
  const uid = useId();
  const ref = useRef<HTMLDialogElement>(null);
  // Mounted on the click, in the browser: "today" is the viewer's own.
  const [values, setValues] = useState<FormValues>(() => ({ ...(step === "close" ? { won_date: localToday() } : {}), ...initial }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  useEffect(() => {
    if (ref.current && !ref.current.open) ref.current.showModal();
  }, []);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const body = withoutEmpty(bodyOf(form.fields, values, "create"));
    const found = validate(form.schema, body);
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    startTransition(async () => {
      const refusal = await take(step, body);
      if (!refusal) return ref.current?.close();
      const shown = errorsAtFields(refusal.errors, (field) => form.fields.some((f) => f.name === field));
      setErrors(shown.errors);
      setFormError(Object.keys(shown.errors).length > 0 && shown.others.length === 0 ? null : [refusal.message, ...shown.others.filter((o) => o !== refusal.message)].join(" "));
    });
  }

  return (
    <dialog ref={ref} aria-labelledby={`${uid}-title`} onClose={onClose} className={`${DIALOG} w-[min(30rem,calc(100vw-1rem))] max-h-[calc(100dvh-1rem)] overflow-y-auto p-5`} data-testid={`deal-step-${step}-dialog`}>
      <form noValidate onSubmit={submit} className="space-y-3">
        <h2 id={`${uid}-title`} className="text-base font-semibold text-slate-900">
          {form.title}
        </h2>
        {form.note ? <p className="text-sm text-slate-700">{form.note}</p> : null}
        {formError ? (
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800" data-testid="form-error">
            {formError}
          </p>
        ) : null}
        {form.fields.map((field) => {
          const id = `${uid}-${field.name}`;
          const error = errors[field.name] === undefined ? undefined : plainMessage(field, errors[field.name], form.fields);
          return (
            <div key={field.name} className="space-y-1">
              <label htmlFor={id} className={labelClass}>
                {field.label}
              </label>
              <Control
                field={field}
                id={id}
                value={values[field.name]}
                invalid={Boolean(error)}
                describedBy={error ? `${id}-error` : undefined}
                issuer={null}
                onChange={(value) => setValues((now) => ({ ...now, [field.name]: value }))}
              />
              <FieldError id={id} name={field.name} message={error} />
            </div>
          );
        })}
        <div className="flex justify-end gap-2 border-t border-slate-200 pt-3">
          <button type="button" onClick={() => ref.current?.close()} className={`${BUTTON} ${TONE.plain}`}>
            Cancel
          </button>
          <button type="submit" disabled={pending} className={`${BUTTON} ${ui.ends ? "bg-red-700 text-white hover:bg-red-800" : TONE.primary}`} data-testid={`deal-step-${step}-submit`}>
            {pending ? "Sending…" : form.submit}
          </button>
        </div>
      </form>
    </dialog>
  );
}

/** The viewer's calendar date, as a date field holds it (YYYY-MM-DD). */
function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
}
