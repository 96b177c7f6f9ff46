import { csvField, FORMULA_START, listCell, NEEDS_QUOTES, RECORD_END } from "../domain/csv";
import { sql } from "kysely";
import type { Dialect } from "./dialect";
import { exportColumnsOf, exportColumnsSql, type ApiFields, type ComputedFields } from "./json-sql";
import type { Fragment } from "./sql";

/**
 * An export's CSV records written by the database (lib/db/export.ts): the fields of each row as
 * the JSON API writes them (exportColumnsSql, the same expressions), neutralised and quoted by the
 * rules of lib/domain/csv.ts, joined into the record's text in SQL. A row then reaches
 * JavaScript as a few strings instead of one value per field, and JavaScript only joins them
 * (docs/performance.md, "CSV exports": the values one by one, and the cells written in JavaScript,
 * were most of an export's time).
 *
 * Some values are still written in JavaScript, between the text the database wrote: a timestamp
 * where the database's own formatting is slow (Dialect.exportTimestamp: SQLite's strftime), and a
 * list, whose JSON text is the API's only after JSON.parse and JSON.stringify (listCell).
 */
export interface CsvRecordSql {
  /**
   * SQL expressions, in order: text (never null), then alternately a value and text again. The
   * record is the first text, then each value's field (`fields`) followed by the next text; the
   * last text ends with CRLF.
   */
  columns: Fragment[];
  /** How the value of column 2i + 1 becomes its field. */
  fields: ((value: unknown) => string)[];
}

/** Pieces of text joined by `||` (an empty string without any). */
function concatenated(pieces: Fragment[]): Fragment {
  return pieces.length > 0 ? sql.join(pieces, sql` || `) : sql`''`;
}

export function csvRecordSql<T>(dialect: Dialect, fields: ApiFields<T>, computed: ComputedFields = {}): CsvRecordSql {
  // A string literal may hold any character (tab, CR, LF as they are); Kysely doubles its quotes.
  const literal = (text: string) => sql.lit(text);
  // Quoting as csvField does, and neutralising: free text a user typed that a spreadsheet would
  // run as a formula gets a leading apostrophe (decimals, timestamps and booleans never start like
  // that, so they stay exact). value: an expression, null -> "".
  const neutralised = (value: Fragment, text: Fragment) =>
    sql`CASE WHEN substr(${value}, 1, 1) IN (${sql.join(FORMULA_START.map(literal))}) THEN ${literal("'")} || ${text} ELSE ${text} END`;
  const quoted = (value: Fragment, neutralise: boolean) => {
    const needsQuotes = dialect.holdsAnyOf(value, NEEDS_QUOTES);
    const write = (text: Fragment) => (neutralise ? neutralised(value, text) : text);
    return sql`COALESCE(CASE WHEN ${needsQuotes} THEN ${literal('"')} || ${write(sql`replace(${value}, ${literal('"')}, ${literal('""')})`)} || ${literal('"')} ELSE ${write(value)} END, '')`;
  };

  const columns: Fragment[] = [];
  const jsFields: ((value: unknown) => string)[] = [];
  let pieces: Fragment[] = [];
  const values = exportColumnsSql(dialect, fields, computed);
  exportColumnsOf(fields).forEach((column, i) => {
    if (i > 0) pieces.push(literal(","));
    const { sql: value, text } = values[i];
    // Values written in JavaScript: the text so far ends here.
    const js =
      column.kind === "list" ? (read: unknown) => csvField(listCell(read)) : text ? (read: unknown) => (read === null || read === undefined ? "" : text(read)) : null;
    if (js) {
      columns.push(concatenated(pieces), value);
      jsFields.push(js);
      pieces = [];
      return;
    }
    switch (column.kind) {
      case "text":
      case "refName":
        pieces.push(quoted(value, true));
        break;
      case "refId":
        pieces.push(quoted(value, false));
        break;
      default:
        // Decimals, timestamps and booleans as the API writes them: digits, a point, letters,
        // dashes and colons, never a character that needs quotes.
        pieces.push(sql`COALESCE(CAST(${value} AS TEXT), '')`);
    }
  });
  pieces.push(literal(RECORD_END));
  columns.push(concatenated(pieces));
  return { columns, fields: jsFields };
}
