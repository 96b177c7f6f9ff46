"use client";

import { useState } from "react";

/**
 * E-mail addresses as chips: Enter, comma or leaving the field adds what was typed; each chip has
 * its remove button. Addresses are checked by the write schema, not here.
 */
export function EmailChips({
  id,
  value,
  invalid,
  describedBy,
  onChange,
}: {
  id: string;
  value: string[];
  invalid: boolean;
  describedBy?: string;
  onChange: (emails: string[]) => void;
}) {
  const [text, setText] = useState("");

  function add() {
    const parts = text.split(/[\s,;]+/).filter((part) => part !== "");
    if (parts.length > 0) onChange([...value, ...parts]);
    setText("");
  }

  return (
    <div className="flex min-h-9 flex-wrap items-center gap-1 rounded border border-slate-300 bg-white px-1.5 py-1 shadow-sm focus-within:border-indigo-500" data-testid="field-private_recipients">
      <ul className="contents">
        {value.map((email, i) => (
          <li key={`${email}-${i}`} className="inline-flex items-center gap-1 rounded bg-indigo-50 px-1.5 py-0.5 text-xs text-indigo-900" data-testid="email-chip">
            {email}
            <button
              type="button"
              onClick={() => onChange(value.filter((_, j) => j !== i))}
              className="rounded px-0.5 text-indigo-700 hover:bg-indigo-100"
              aria-label={`Remove ${email}`}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <input
        id={id}
        type="text"
        inputMode="email"
        value={text}
        placeholder={value.length === 0 ? "name@example.com, Enter to add" : "Add another"}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter" || event.key === ",") {
            event.preventDefault();
            add();
          } else if (event.key === "Backspace" && text === "" && value.length > 0) onChange(value.slice(0, -1));
        }}
        onBlur={add}
        className="h-7 min-w-40 flex-1 border-0 bg-transparent px-1 text-sm outline-none"
      />
    </div>
  );
}
