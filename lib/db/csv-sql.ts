import { csvField, FORMULA_START, listCell, NEEDS_QUOTES, RECORD_END } from "../domain/csv";
import type { Dialect } from "./dialect";
import { exportColumnsOf, exportColumnsSql, type ApiFields, type ComputedFields } from "./json-sql";

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
  columns: string[];
  /** How the value of column 2i + 1 becomes its field. */
  fields: ((value: unknown) => string)[];
}

export function csvRecordSql<T>(dialect: Dialect, fields: ApiFields<T>, computed: ComputedFields = {}): CsvRecordSql {
  // A string literal may hold any character (tab, CR, LF as they are); only its quote is doubled.
  const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
  // Quoting and neutralising, as csvField and neutralise do (value: an expression, null -> "").
  const neutralised = (value: string, text: string) =>
    `CASE WHEN substr(${value}, 1, 1) IN (${FORMULA_START.map(literal).join(", ")}) THEN ${literal("'")} || ${text} ELSE ${text} END`;
  const quoted = (value: string, neutralise: boolean) => {
    const needsQuotes = dialect.holdsAnyOf(value, NEEDS_QUOTES);
    const write = (text: string) => (neutralise ? neutralised(value, text) : text);
    return `COALESCE(CASE WHEN ${needsQuotes} THEN ${literal('"')} || ${write(`replace(${value}, ${literal('"')}, ${literal('""')})`)} || ${literal('"')} ELSE ${write(value)} END, '')`;
  };

  const columns: string[] = [];
  const jsFields: ((value: unknown) => string)[] = [];
  let pieces: string[] = [];
  const values = exportColumnsSql(dialect, fields, computed);
  exportColumnsOf(fields).forEach((column, i) => {
    if (i > 0) pieces.push(literal(","));
    const { sql, text } = values[i];
    // Values written in JavaScript: the text so far ends here.
    const js =
      column.kind === "list" ? (value: unknown) => csvField(listCell(value)) : text ? (value: unknown) => (value === null || value === undefined ? "" : text(value)) : null;
    if (js) {
      columns.push(pieces.length > 0 ? pieces.join(" || ") : "''", sql);
      jsFields.push(js);
      pieces = [];
      return;
    }
    switch (column.kind) {
      case "text":
      case "refName":
        pieces.push(quoted(sql, true));
        break;
      case "refId":
        pieces.push(quoted(sql, false));
        break;
      default:
        // Decimals, timestamps and booleans as the API writes them: digits, a point, letters,
        // dashes and colons, never a character that needs quotes.
        pieces.push(`COALESCE(CAST(${sql} AS TEXT), '')`);
    }
  });
  pieces.push(literal(RECORD_END));
  columns.push(pieces.join(" || "));
  return { columns, fields: jsFields };
}
