import { z } from "zod";

/** The issuer object embedded in indications and trades: the company's id and name. */
export const issuerSchema = z.object({ id: z.string(), name: z.string() });
export type Issuer = z.infer<typeof issuerSchema>;

/** The join that gives an indication's or a trade's row (`t`) its `issuer` (a `ref` field). */
export const ISSUER_JOIN = "JOIN companies issuer ON issuer.id = t.issuer_id";
