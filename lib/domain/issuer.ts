import { z } from "zod";

/** The issuer object embedded in indications and trades: the company's id and name. */
export const issuerSchema = z.object({ id: z.string(), name: z.string() });
export type Issuer = z.infer<typeof issuerSchema>;

