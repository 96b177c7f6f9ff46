import { z } from "zod";
import { companySummarySchema } from "../companies/schema";
import { timestampField } from "../schema/fields";

/**
 * How many companies one user may follow: the watchlist is answered whole, without pages
 * (docs/api/live.md, "Watchlist"), so it is bounded; a follow beyond it is refused (409).
 */
export const MAX_FOLLOWED = 500;

/** A followed company: the directory's list item (GET /companies), and when the user followed it. */
export const watchlistEntrySchema = companySummarySchema.extend({ followed_at: timestampField });
export type WatchlistEntry = z.infer<typeof watchlistEntrySchema>;

/** GET /my/watchlist: every company the caller follows, by name (ties by id). */
export const watchlistSchema = z.object({ companies: z.array(watchlistEntrySchema) });
export type Watchlist = z.infer<typeof watchlistSchema>;
