import { z } from "zod";
import { textInput } from "../schema/body";
import { SAVED_VIEW_TABLES, VIEW_NAME_MAX, VIEW_QUERY_MAX, viewQuery } from "./view";

/** A view as the toolbar saves it (lib/views/view.ts says what a view is). */
export const saveViewSchema = z.strictObject({
  table: z.enum(SAVED_VIEW_TABLES),
  name: textInput(VIEW_NAME_MAX, `the view's name (1–${VIEW_NAME_MAX} characters)`)
    .transform((name) => name.trim())
    .refine((name) => name.length > 0, "must not be empty: give the view a name"),
  query: textInput(VIEW_QUERY_MAX, `the table's query string, without "?"`).transform(viewQuery),
});
