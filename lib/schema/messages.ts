import type { z } from "zod";

/**
 * How the API words a problem with a parameter or a field, for people (issue 30): one sentence
 * that starts with the parameter's name, says what is expected, and shows what was sent when that
 * helps ("price_per_share must be a decimal number like "12.50" …; got "12,5"."). A schema says
 * the part after the name (a *predicate*: "must be …", "is required: …"); `sentence` puts the name
 * in front, so the dashboard's forms can put the field's label there instead (record-form/fields.ts).
 * zod's own English never reaches a caller: `zodMessage` is zod's customError (zod-config.ts).
 */

/** Half of a UTF-16 surrogate pair without the other half: no Unicode text (lib/schema/body.ts textInput). */
export const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, "g");

/**
 * A caller's value shown back inside a message: short, quoted, without control characters or half
 * a surrogate pair (sent alone, or split by the cut), so a message is always Unicode text.
 */
export function shown(value: string): string {
  const clean = value.replace(/[\u0000-\u001f\u007f-\u009f]/g, "?");
  const short = clean.length > 40 ? `${clean.slice(0, 40)}…` : clean;
  return JSON.stringify(short.replace(LONE_SURROGATES, "?"));
}

/**
 * What a form says of an amount typed with a minus sign (record-form/fields.ts): the API's decimals
 * have no sign, and its format text would not say that the sign is what is wrong.
 */
export const NOT_NEGATIVE = "must not be negative";

/** A parameter's name and what is wrong with it, as one sentence ending with a full stop. */
export function sentence(param: string, predicate: string): string {
  return `${param} ${predicate}${/[.!?]$/.test(predicate) ? "" : "."}`;
}

/**
 * A message about `param` as a form shows it beside the field: the field's label in place of the
 * parameter's name ("Volume must be greater than 0; got "0"."). Other messages are kept as they are.
 */
export function withLabel(message: string, param: string, label: string): string {
  return message.startsWith(`${param} `) ? `${label}${message.slice(param.length)}` : message;
}

/** "a or b", "one of a, b, c": allowed values as a reader takes them in. */
function oneOf(values: readonly unknown[]): string {
  const words = values.map(String);
  if (words.length === 1) return words[0];
  if (words.length === 2) return `${words[0]} or ${words[1]}`;
  return `one of ${words.join(", ")}`;
}

/** What a JSON value is, for "…, not <that>": `the number 12.5`, `the text "yes"`, `null`, `a list`. */
export function jsonKindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "string") return `the text ${shown(value)}`;
  if (typeof value === "number") return `the number ${String(value)}`;
  if (typeof value === "boolean") return String(value);
  if (typeof value === "object") return "an object";
  return typeof value;
}

/** What a field of a JSON type holds, in words ("must be <this>"). */
const TYPE_WORDS: Record<string, string> = {
  string: "text (a JSON string)",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  array: "a list (a JSON array)",
  object: "an object",
  date: "a date",
  null: "null",
};

/** The name among `known` that `name` is most likely a typo of, if one is close enough. */
function closestName(name: string, known: readonly string[]): string | undefined {
  const wanted = name.toLowerCase();
  let best: { name: string; distance: number } | undefined;
  for (const candidate of known) {
    const distance = editDistance(wanted, candidate.toLowerCase());
    // Two edits at most, and fewer than a third of the name: "per_pag" -> per_page, not "x" -> q.
    if (distance <= Math.min(2, Math.floor(candidate.length / 3)) && (!best || distance < best.distance)) best = { name: candidate, distance };
  }
  return best?.name;
}

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours. */
function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      rows[i][j] = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) rows[i][j] = Math.min(rows[i][j], rows[i - 2][j - 2] + 1);
    }
  }
  return rows[a.length][b.length];
}

/** The end of a message about a name nobody takes: the likely intended one, or what to do. */
export function unknownNameAdvice(name: string, known: readonly string[]): string {
  const closest = closestName(name, known);
  return closest ? `did you mean ${closest}?` : "check its spelling against the API reference, or leave it out.";
}

type Issue = z.core.$ZodRawIssue;

const FORMAT_WORDS: Record<string, string> = {
  email: "an e-mail address, like name@example.com",
  uuid: "an id like 0b6f4d58-5f9e-4d8a-9a49-2f2f0c6a1d11",
  guid: "an id like 0b6f4d58-5f9e-4d8a-9a49-2f2f0c6a1d11",
  date: "a date written YYYY-MM-DD, like 2026-01-31",
  datetime: "a timestamp with an offset, like 2026-01-31T09:30:00Z",
  url: "a URL, like https://example.com",
};

/**
 * zod's message for an issue no schema worded itself: the predicate of the generic cases (a field
 * left out, a value of the wrong JSON type, a value outside an enumeration, a length out of
 * bounds, a malformed format). Always a string, so zod's own English is never used.
 */
export function zodMessage(issue: Issue): string {
  const input = issue.input;
  const got = typeof input === "string" ? `; got ${shown(input)}` : "";
  switch (issue.code) {
    case "invalid_type": {
      const expected = TYPE_WORDS[issue.expected] ?? issue.expected;
      if (input === undefined) return `is required: ${expected}`;
      return `must be ${expected}, not ${jsonKindOf(input)}`;
    }
    case "invalid_value":
      if (input === undefined) return `is required: ${oneOf(issue.values)}`;
      return `must be ${oneOf(issue.values)}${typeof input === "string" ? got : `, not ${jsonKindOf(input)}`}`;
    case "too_small": {
      const min = Number(issue.minimum);
      if (issue.origin === "string") return min <= 1 ? "must not be empty" : `must be at least ${min.toLocaleString("en-US")} characters long`;
      if (issue.origin === "array" || issue.origin === "set") return min <= 1 ? "must list at least one entry" : `must list at least ${min} entries`;
      return `must be ${issue.inclusive ? "at least" : "greater than"} ${String(issue.minimum)}`;
    }
    case "too_big": {
      const max = typeof issue.maximum === "number" ? issue.maximum.toLocaleString("en-US") : String(issue.maximum);
      if (issue.origin === "string") return `must be at most ${max} characters long${typeof input === "string" ? `; got ${input.length.toLocaleString("en-US")}` : ""}`;
      if (issue.origin === "array" || issue.origin === "set") return `must list at most ${max} entries${Array.isArray(input) ? `; got ${input.length.toLocaleString("en-US")}` : ""}`;
      return `must be ${issue.inclusive ? "at most" : "less than"} ${max}`;
    }
    case "invalid_format":
      return `must be ${FORMAT_WORDS[issue.format] ?? `in the ${issue.format} format`}${got}`;
    case "not_multiple_of":
      return `must be a multiple of ${String(issue.divisor)}`;
    case "unrecognized_keys":
      return `holds fields that are not taken here: ${issue.keys.join(", ")}`;
    case "invalid_union":
      return "does not match any of the forms this field takes";
    case "invalid_key":
      return "holds a key that is not taken here";
    case "invalid_element":
      return "holds an entry that is not taken here";
    default:
      return "is not a value this field takes";
  }
}
