import { apiFieldsOf } from "../schema/fields";
import { indicationSchema, type Indication } from "./schema";

/**
 * An indication as the API and the pages show it, written by the database as JSON: every field of
 * indicationSchema, in its order (lib/schema/fields.ts). Enumerated columns are written only through
 * validated paths, so they are passed through as stored.
 */
export const INDICATION_FIELDS = apiFieldsOf<Indication>(indicationSchema);
