"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { interestSchema } from "@/lib/deals/schema";
import { decimalToUnits } from "@/lib/domain/decimal";
import { formatDecimal, formatUsdBound } from "@/lib/format";
import { askIntroductionAction } from "../../_actions/interests";
import { errorsAtFields, plainMessage, readAmount, validate, type FieldDef } from "../../_components/record-form/fields";
import { FieldError } from "../../_components/record-form/record-form";

/** The order's fields a request's volume is judged against, named as the server's messages name them. */
const ORDER_FIELDS = [{ name: "minimum_volume", label: "Minimum volume" }];

/**
 * The order's bounds on the volume, checked before sending (as the API checks them) so the message
 * states them as the hint does: the API's own says "minimum_volume, 142000".
 */
function volumeOutOfBounds(requested: string, volume: string, minimumVolume: string | null): string | null {
  const units = decimalToUnits(requested);
  if (minimumVolume !== null && units < decimalToUnits(minimumVolume)) return `Volume must be at least the order's minimum, ${formatUsdBound(minimumVolume)}.`;
  if (units > decimalToUnits(volume)) return `Volume must be at most the order's volume, ${formatUsdBound(volume)}.`;
  return null;
}

/**
 * "Ask for an introduction" on another team's order (docs/ui.md, "An order"): the volume (the
 * order's by default, between its minimum and its volume), a price and a note. The body is the
 * API's (POST /market/indications/{permalink_id}/interests), checked in the browser with its schema
 * and sent through the server action that calls the API's one write; the server's problems are
 * shown at their fields, a deal the team already has with a link to it.
 */
export function AskIntroductionForm({ permalinkId, volume, minimumVolume }: { permalinkId: string; volume: string; minimumVolume: string | null }) {
  const router = useRouter();
  const uid = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const fields: FieldDef[] = [
    { name: "volume", label: "Volume (USD)", kind: "decimal", hint: minimumVolume === null ? `Up to ${formatUsdBound(volume)}, the order's volume.` : `From ${formatUsdBound(minimumVolume)} to ${formatUsdBound(volume)}: the order's minimum to its volume.` },
    { name: "price_per_share", label: "Price per share (USD)", kind: "decimal", hint: "Optional: the price you would deal at, if not the order's." },
    { name: "note", label: "Note", kind: "textarea", hint: "Optional: for the order's owner and the marketplace team." },
  ];
  // The order's volume as people type an amount ("250,000"; readAmount reads it back exactly).
  const [values, setValues] = useState<Record<string, string>>({ volume: formatDecimal(volume), price_per_share: "", note: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<{ text: string; deal?: string } | null>(null);
  const [pending, setPending] = useState(false);
  const [attempt, setAttempt] = useState(0);

  // Opened from the book's "Ask for an introduction" (#ask): the volume takes the focus.
  useEffect(() => {
    if (window.location.hash === "#ask") formRef.current?.querySelector<HTMLElement>("input")?.focus();
  }, []);
  // After a failed attempt: the first field in error, else the form's message.
  useEffect(() => {
    if (attempt > 0) (formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? formRef.current?.querySelector<HTMLElement>("[data-form-alert]"))?.focus();
  }, [attempt]);

  const set = (name: string, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => field !== name)));
  };

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    setFormError(null);
    // The optional fields are left out when empty (the API takes no null for them).
    const body: Record<string, string> = { volume: readAmount(values.volume) };
    if (values.price_per_share.trim() !== "") body.price_per_share = readAmount(values.price_per_share);
    if (values.note.trim() !== "") body.note = values.note;
    const found = validate(interestSchema, body);
    const outOfBounds = found.volume === undefined ? volumeOutOfBounds(body.volume, volume, minimumVolume) : null;
    if (outOfBounds !== null) found.volume = outOfBounds;
    setErrors(found);
    if (Object.keys(found).length > 0) return setAttempt((n) => n + 1);
    setPending(true);
    try {
      const result = await askIntroductionAction(permalinkId, body);
      if (result.ok) return router.push(`/deals/${result.value.id}`);
      const { errors: atFields, others } = errorsAtFields(result.error.errors, (name) => fields.some((field) => field.name === name));
      setErrors(atFields);
      if (result.error.errors.length === 0 || others.length > 0) setFormError({ text: others.length > 0 ? others.join(" ") : result.error.message, deal: result.existing });
    } catch {
      setFormError({ text: "The request could not be sent. Check your connection and try again." });
    }
    setPending(false);
    setAttempt((n) => n + 1);
  }

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-3" data-testid="ask-form">
      {formError ? (
        <p role="alert" tabIndex={-1} data-form-alert className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800" data-testid="form-error">
          {formError.text}{" "}
          {formError.deal ? (
            <Link href={`/deals/${formError.deal}`} className="font-semibold underline" data-testid="existing-deal">
              Open the deal
            </Link>
          ) : null}
        </p>
      ) : null}
      <div className="grid grid-cols-1 gap-x-4 gap-y-3 sm:grid-cols-2">
        {fields.map((field) => {
          const id = `${uid}-${field.name}`;
          const error = errors[field.name] === undefined ? undefined : plainMessage(field, errors[field.name], ORDER_FIELDS);
          const describedBy = [error ? `${id}-error` : null, `${id}-hint`].filter(Boolean).join(" ");
          const common = { id, value: values[field.name], "aria-invalid": error ? true : undefined, "aria-describedby": describedBy, "data-testid": `field-${field.name}` } as const;
          return (
            <div key={field.name} className={`min-w-0 space-y-1 ${field.kind === "textarea" ? "sm:col-span-2" : ""}`}>
              <label htmlFor={id} className="block text-xs font-semibold text-slate-700">
                {field.label}
              </label>
              {field.kind === "textarea" ? (
                <textarea {...common} rows={3} maxLength={1000} onChange={(e) => set(field.name, e.target.value)} className={`${INPUT} h-auto py-1.5`} />
              ) : (
                // Text, not type=number: the exact digits typed go to the server (no float on the way).
                <input {...common} type="text" inputMode="decimal" autoComplete="off" onChange={(e) => set(field.name, e.target.value)} className={`${INPUT} tabular-nums`} />
              )}
              <p id={`${id}-hint`} className="text-[11px] text-slate-500">
                {field.hint}
              </p>
              <FieldError id={id} name={field.name} message={error} />
            </div>
          );
        })}
      </div>
      <div className="flex justify-end border-t border-slate-200 pt-3">
        <button type="submit" disabled={pending} className="h-9 rounded bg-indigo-600 px-4 text-sm font-semibold text-white shadow-sm hover:bg-indigo-700 disabled:opacity-60" data-testid="ask-submit">
          {pending ? "Sending…" : "Ask for an introduction"}
        </button>
      </div>
    </form>
  );
}

const INPUT = "h-9 w-full rounded border border-slate-300 bg-white px-2 text-sm shadow-sm focus:border-indigo-500 aria-invalid:border-red-600";
