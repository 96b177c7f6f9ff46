import { cache } from "react";
import type { Caller } from "@/lib/auth/caller";
import { getOrderBook } from "@/lib/market/queries";
import { PAGE_BOOK_DEPTH } from "./book-depth";

/** One read of the book per request, shared by the ladders and the chart's band. */
export const loadOrderBook = cache((caller: Caller, companyId: string) => getOrderBook(caller, companyId, { depth: PAGE_BOOK_DEPTH }));
