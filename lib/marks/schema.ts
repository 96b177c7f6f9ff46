import { z } from "zod";
import { issuerSchema } from "../domain/issuer";
import { decimalField, dateField } from "../schema/fields";
import { dateParam } from "../schema/time-params";

/** The marks' API (docs/api/marks.md): parameters and answers, which the OpenAPI document derives from. */

const METHODS = ["trades", "trades_and_quotes", "quotes", "carried"] as const;

/** One day of a company's series. */
export const markDaySchema = z.object({
  date: dateField,
  price_per_share: decimalField,
  low: decimalField,
  high: decimalField,
  method: z.enum(METHODS),
});

/** The current mark, with what it rests on. */
export const markSchema = markDaySchema.extend({
  data_points_180d: z.number().int().min(0),
  days_since_last_trade: z.number().int().min(0).nullable(),
  order_imbalance: z.number().min(-1).max(1).nullable(),
});

/** GET /companies/{company_id}/mark */
export const companyMarkSchema = z.object({ company: issuerSchema, mark: markSchema.nullable() });
export type CompanyMark = z.infer<typeof companyMarkSchema>;

/** GET /companies/{company_id}/marks */
export const companyMarksSchema = z.object({ company: issuerSchema, marks: z.array(markDaySchema) });
export type CompanyMarks = z.infer<typeof companyMarksSchema>;

/** `from` and `to`, dates, inclusive; `from` after `to` is refused, naming `from`. */
export const markSeriesParamsSchema = z.object({ from: dateParam("from"), to: dateParam("to") }).superRefine((query, ctx) => {
  if (query.from !== undefined && query.to !== undefined && query.from > query.to) {
    ctx.addIssue({ code: "custom", path: ["from"], message: `from must be on or before to; got ${query.from} after ${query.to}.` });
  }
});
export type MarkSeriesQuery = z.output<typeof markSeriesParamsSchema>;
