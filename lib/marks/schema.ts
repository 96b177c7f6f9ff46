import { z } from "zod";
import { issuerSchema } from "../domain/issuer";
import { decimalField, dateField } from "../schema/fields";
import { pageFieldsSchema } from "../schema/pagination";
import { listQuery, pageParams } from "../schema/params";
import { dateParam } from "../schema/time-params";

/** The marks' API (docs/api/marks.md): parameters and answers, which the OpenAPI document derives from. */

const METHODS = ["trades", "trades_and_quotes", "quotes", "carried"] as const;

/** One day of a company's series. */
const markDaySchema = z.object({
  date: dateField,
  price_per_share: decimalField,
  low: decimalField,
  high: decimalField,
  method: z.enum(METHODS),
});

/** The current mark, with what it rests on. */
const markSchema = markDaySchema.extend({
  data_points_180d: z.number().int().min(0),
  trades_180d: z.number().int().min(0).describe("The verified trades among data_points_180d; the rest are quotes"),
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

/** GET /marks: one day's marks (today, UTC, by default), paged like every list. */
export const dayMarksParamsSchema = listQuery({ ...pageParams, date: dateParam("date") });

/** GET /marks.csv: the same day, every company, no page. */
export const dayMarksExportParamsSchema = listQuery({ date: dateParam("date") });

/** A company's mark in the day's list (and a record of its CSV, in this order). */
export const dayMarkSchema = z.object({ company: issuerSchema, ...markSchema.shape });
export type DayMark = z.infer<typeof dayMarkSchema>;

export const dayMarkListSchema = z.object({ marks: z.array(dayMarkSchema), ...pageFieldsSchema });

/** GET /indexes/desk-50 */
export const deskIndexSchema = z.object({
  index: z.object({ id: z.string(), name: z.string(), base_date: dateField.nullable(), base_value: decimalField }),
  values: z.array(z.object({ date: dateField, value: decimalField })),
});
export type DeskIndex = z.infer<typeof deskIndexSchema>;

/** GET /indexes/desk-50/members: the members since the last rebalance. */
export const deskMembersSchema = z.object({ members: z.array(z.object({ company: issuerSchema, weight: z.number().min(0).max(1) })) });
export type DeskMembers = z.infer<typeof deskMembersSchema>;
