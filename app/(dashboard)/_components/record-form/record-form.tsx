"use client";

import { useEffect, useId, useRef, useState } from "react";
import type { z } from "zod";
import type { CompanyOption } from "@/components/data-table/types";
import { Timestamp } from "@/components/timestamp";
import type { LastChange } from "@/lib/audit/events";
import type { ActionResult } from "../../_actions/result";
import { fieldLabel, valueText } from "../resource-fields";
import { CompanyTypeahead } from "./company-typeahead";
import { EmailChips } from "./email-chips";
import { bodyOf, errorsAtFields, plainMessage, valuesOf, validate, type FieldDef, type FormValue, type FormValues } from "./fields";

/** Where the issuer typeahead looks names up (the API's company list, with the session). */
const COMPANY_SEARCH_URL = "/api/v1/companies";

export interface Saved<T> {
  resource: T;
  etag: string;
}

interface Conflict<T> {
  current: Saved<T>;
  changed: string[];
  by: LastChange | null;
}

/**
 * The one form of indications and trades. On submit it builds the API's body from the exact text
 * typed, checks it with the resource's write schema (the server parses it again with the same
 * schema), shows each problem next to its field and focuses the first; the server's answer is
 * shown the same way. A 412 (someone saved in between) shows what changed and offers a reload.
 */
export function RecordForm<T extends Record<string, unknown>>({
  noun,
  fields,
  schema,
  mode,
  initial,
  issuer,
  etag: initialEtag = null,
  original = null,
  submit,
  reload,
  onSaved,
  onCancel,
}: {
  noun: string;
  fields: FieldDef[];
  /** The create schema: the whole resource's rules (an edit is checked as the resource it makes). */
  schema: z.ZodType;
  mode: "create" | "edit";
  initial: FormValues;
  issuer: CompanyOption | null;
  etag?: string | null;
  original?: T | null;
  submit: (body: Record<string, unknown>, etag: string | null) => Promise<ActionResult<Saved<T>>>;
  reload?: () => Promise<ActionResult<Saved<T> & { lastChange?: LastChange | null }>>;
  onSaved: (saved: Saved<T>) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<Conflict<T> | null>(null);
  const [base, setBase] = useState<{ etag: string | null; resource: T | null }>({ etag: initialEtag, resource: original });
  const [pending, setPending] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const uid = useId();

  // Focus the first field in error after each failed attempt (page order, not message order).
  useEffect(() => {
    if (attempt === 0) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (first ?? formRef.current?.querySelector<HTMLElement>("[data-form-alert]"))?.focus();
  }, [attempt]);

  // In a dialog the first field takes the focus, not the dialog's × (the form mounts as it opens).
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>("input:not([type=hidden]), select, textarea")?.focus();
  }, []);

  // A field's message goes as its value changes: it spoke of the value that was there.
  const set = (name: string, value: FormValue) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => (name in current ? Object.fromEntries(Object.entries(current).filter(([field]) => field !== name)) : current));
  };

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    setFormError(null);
    const found = validate(schema, bodyOf(fields, values, "create"));
    setErrors(found);
    if (Object.keys(found).length > 0) return setAttempt((n) => n + 1);
    setPending(true);
    try {
      const result = await submit(bodyOf(fields, values, mode), base.etag);
      if (result.ok) return onSaved(result.value);
      const { code, message, errors: problems } = result.error;
      if (code === "precondition_failed" && reload && base.resource) {
        const now = await reload();
        if (now.ok) {
          const watched = [...fields.map((f) => (f.kind === "issuer" ? "issuer" : f.name)), "stage", "is_verified"];
          const changed = watched.filter((f) => JSON.stringify(base.resource?.[f]) !== JSON.stringify(now.value.resource[f]));
          setConflict({ current: now.value, changed, by: now.value.lastChange ?? null });
        } else setFormError(now.error.message);
      } else {
        // Every problem the server found, each at its field; what no shown field takes, above them.
        const { errors: atFields, others } = errorsAtFields(problems, (name) => fields.some((f) => f.name === name && (!f.when || f.when(values))));
        setErrors(atFields);
        if (problems.length === 0 || others.length > 0) setFormError(problems.length === 0 ? message : others.join(" "));
      }
      setAttempt((n) => n + 1);
    } catch {
      setFormError(`The ${noun} could not be saved. Check your connection and try again.`);
      setAttempt((n) => n + 1);
    } finally {
      setPending(false);
    }
  }

  // The latest version, with the user's own edits kept where the other change left the field alone.
  function reloadFromConflict() {
    if (!conflict) return;
    const theirs = valuesOf(fields, conflict.current.resource);
    const before = base.resource ? valuesOf(fields, base.resource) : theirs;
    const same = (a: FormValue | undefined, b: FormValue | undefined) => JSON.stringify(a) === JSON.stringify(b);
    const merged = { ...theirs };
    for (const name of Object.keys(theirs)) if (!same(values[name], before[name]) && same(theirs[name], before[name])) merged[name] = values[name];
    setValues(merged);
    setBase({ etag: conflict.current.etag, resource: conflict.current.resource });
    setConflict(null);
    setErrors({});
  }

  const errorCount = Object.keys(errors).length;

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4" data-testid={`${noun}-form`} aria-describedby={errorCount > 0 ? `${uid}-summary` : undefined}>
      {conflict ? (
        <div role="alert" tabIndex={-1} data-form-alert className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="conflict">
          <p className="font-semibold" data-testid="conflict-by">
            {conflict.by ? (
              <>
                {conflict.by.name} saved this {noun} at <Timestamp iso={conflict.by.at} />, after you opened it; your change was not saved.
              </>
            ) : (
              <>Someone else saved this {noun} after you opened it; your change was not saved.</>
            )}
          </p>
          {conflict.changed.length > 0 ? (
            <ul className="mt-1 list-disc pl-5 text-xs">
              {conflict.changed.map((field) => (
                <li key={field} data-field={field}>
                  {fieldLabel(field)}: {valueText(field, base.resource?.[field])} → <strong>{valueText(field, conflict.current.resource[field])}</strong>
                </li>
              ))}
            </ul>
          ) : null}
          <button type="button" onClick={reloadFromConflict} className="mt-2 rounded border border-amber-500 bg-white px-3 py-1 text-xs font-semibold text-amber-950 hover:bg-amber-100">
            Reload the latest version
          </button>
          <p className="mt-1 text-xs">Your edits to other fields stay in the form.</p>
        </div>
      ) : null}
      {formError ? (
        <p role="alert" tabIndex={-1} data-form-alert className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800" data-testid="form-error">
          {formError}
        </p>
      ) : null}
      {errorCount > 0 ? (
        <p id={`${uid}-summary`} role="status" className="text-sm font-medium text-red-700" data-testid="error-summary">
          {errorCount === 1 ? "One field needs attention." : `${errorCount} fields need attention.`}
        </p>
      ) : null}

      <div className="grid grid-cols-1 gap-x-4 gap-y-3 sm:grid-cols-2">
        {fields.map((field) => {
          if (field.when && !field.when(values)) return null;
          const id = `${uid}-${field.name}`;
          const error = errors[field.name] === undefined ? undefined : plainMessage(field, errors[field.name], fields);
          const describedBy = [error ? `${id}-error` : null, field.hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
          const fixed = mode === "edit" && field.fixed;
          const wide = field.kind === "textarea" || field.kind === "emails" || field.kind === "checkboxes";
          const group = field.kind === "radio" || field.kind === "checkboxes";
          const control = fixed ? (
            <p id={id} className="py-1.5 text-sm text-slate-800" data-testid={`field-${field.name}`}>
              {field.kind === "issuer" ? issuer?.name : valueText(field.name, values[field.name])}
            </p>
          ) : (
            <Control field={field} id={id} value={values[field.name]} invalid={Boolean(error)} describedBy={describedBy} issuer={issuer} onChange={(v) => set(field.name, v)} />
          );
          const message = (
            <>
              {field.hint ? (
                <p id={`${id}-hint`} className="text-[11px] text-slate-500">
                  {field.hint}
                </p>
              ) : null}
              <FieldError id={id} name={field.name} message={error} />
            </>
          );
          return group && !fixed ? (
            <fieldset key={field.name} className={`space-y-1 ${wide ? "sm:col-span-2" : ""}`} aria-describedby={describedBy}>
              <legend className={labelClass}>{field.label}</legend>
              {control}
              {message}
            </fieldset>
          ) : (
            <div key={field.name} className={`space-y-1 ${wide ? "sm:col-span-2" : ""}`}>
              <label htmlFor={id} className={labelClass}>
                {field.label}
              </label>
              {control}
              {message}
            </div>
          );
        })}
      </div>

      <div className="flex justify-end gap-2 border-t border-slate-200 pt-3">
        <button type="button" onClick={onCancel} className="h-9 rounded border border-slate-300 bg-white px-3 text-sm font-medium text-slate-700 hover:bg-slate-50">
          Cancel
        </button>
        <button type="submit" disabled={pending} className="h-9 rounded bg-indigo-600 px-4 text-sm font-semibold text-white shadow-sm hover:bg-indigo-700 disabled:opacity-60" data-testid="form-submit">
          {pending ? "Saving…" : mode === "create" ? `Save ${noun}` : "Save changes"}
        </button>
      </div>
    </form>
  );
}

export const labelClass = "block text-xs font-semibold text-slate-700";

/** A field's error under it, named by the control's aria-describedby (`${id}-error`). */
export function FieldError({ id, name, message }: { id: string; name: string; message: string | undefined }) {
  return message ? (
    <p id={`${id}-error`} className="text-xs text-red-700" data-testid={`error-${name}`}>
      {message}
    </p>
  ) : null;
}
const inputClass = "h-9 w-full rounded border border-slate-300 bg-white px-2 text-sm shadow-sm focus:border-indigo-500 aria-invalid:border-red-600";

/** One field's input, by its kind (the deal steps' forms use it too). */
export function Control({
  field,
  id,
  value,
  invalid,
  describedBy,
  issuer,
  onChange,
}: {
  field: FieldDef;
  id: string;
  value: FormValue | undefined;
  invalid: boolean;
  describedBy?: string;
  issuer: CompanyOption | null;
  onChange: (value: FormValue) => void;
}) {
  const common = { id, "aria-invalid": invalid || undefined, "aria-describedby": describedBy, "data-testid": `field-${field.name}` } as const;
  const text = typeof value === "string" ? value : "";
  const list = Array.isArray(value) ? value : [];
  switch (field.kind) {
    case "issuer":
      return <CompanyTypeahead id={id} searchUrl={COMPANY_SEARCH_URL} initial={issuer} invalid={invalid} describedBy={describedBy} onChange={onChange} />;
    case "decimal":
      // Text, not type=number: the exact digits typed go to the server (no float on the way).
      return <input {...common} type="text" inputMode="decimal" autoComplete="off" value={text} onChange={(e) => onChange(e.target.value)} className={`${inputClass} tabular-nums`} />;
    case "text":
      return <input {...common} type="text" value={text} onChange={(e) => onChange(e.target.value)} className={inputClass} />;
    case "date":
      return <input {...common} type="date" value={text} onChange={(e) => onChange(e.target.value)} className={inputClass} />;
    case "textarea":
      return <textarea {...common} rows={3} value={text} onChange={(e) => onChange(e.target.value)} className={`${inputClass} h-auto py-1.5`} />;
    case "checkbox":
      return (
        <span className="flex h-9 items-center gap-2 text-sm">
          <input {...common} type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} className="h-4 w-4" />
          <span className="text-slate-600">Yes</span>
        </span>
      );
    case "select":
      return (
        <select {...common} value={text} onChange={(e) => onChange(e.target.value)} className={inputClass}>
          {field.nullable ? <option value="">—</option> : <option value="">Choose…</option>}
          {field.options?.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      );
    case "radio":
      return (
        <div className="flex flex-wrap gap-4" data-testid={`field-${field.name}`}>
          {field.options?.map((o, i) => (
            <label key={o.value} className="inline-flex items-center gap-1.5 text-sm">
              <input type="radio" name={id} value={o.value} id={i === 0 ? id : undefined} checked={text === o.value} onChange={() => onChange(o.value)} className="h-4 w-4" />
              {o.label}
            </label>
          ))}
        </div>
      );
    case "checkboxes":
      return (
        <div className="flex flex-wrap gap-4" data-testid={`field-${field.name}`}>
          {field.options?.map((o, i) => (
            <label key={o.value} className="inline-flex items-center gap-1.5 text-sm">
              <input
                type="checkbox"
                value={o.value}
                id={i === 0 ? id : undefined}
                checked={list.includes(o.value)}
                aria-invalid={invalid || undefined}
                onChange={(e) => onChange(e.target.checked ? [...list, o.value] : list.filter((v) => v !== o.value))}
                className="h-4 w-4"
              />
              {o.label}
            </label>
          ))}
        </div>
      );
    case "emails":
      return <EmailChips id={id} value={list} invalid={invalid} describedBy={describedBy} onChange={onChange} />;
    default:
      return null;
  }
}
