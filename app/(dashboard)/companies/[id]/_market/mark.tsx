import type { Caller } from "@/lib/auth/caller";
import { formatDate, pricePlaces } from "@/lib/format";
import { companyMark } from "@/lib/marks/queries";
import type { CompanyMark } from "@/lib/marks/schema";
import { boundWords, imbalanceWords, markWords } from "@/lib/marks/words";
import { loadOrderBook } from "./data";

/**
 * The company's current mark (lib/marks, as GET /companies/{id}/mark answers it): the price, its
 * band and what it rests on in one sentence, and the book's imbalance near it. Each figure keeps
 * to one line (docs/ui.md, "Numbers"); the sentence wraps between them.
 */
export async function MarkSection({ caller, companyId }: { caller: Caller; companyId: string }) {
  const [{ mark }, book] = await Promise.all([companyMark(caller, companyId), loadOrderBook(caller, companyId)]);
  // The best of the book that may bound a mark: a private order never does (docs/marks.md).
  const best = (rows: { price_per_share: string; visibility: string }[]) => rows.find((row) => row.visibility !== "private")?.price_per_share ?? null;
  // Written as the ladders write prices: one rule of places for the whole book (order-book.tsx).
  const places = pricePlaces([...book.bids, ...book.offers].map((row) => row.price_per_share));
  const bound = mark ? boundWords(mark, best(book.bids), best(book.offers), places) : null;
  return (
    <section aria-labelledby="mark-heading" className="space-y-2 rounded-md border border-slate-200 bg-white p-5 shadow-sm" data-testid="company-mark">
      <h2 id="mark-heading" className="text-sm font-semibold text-slate-900">
        Mark{mark ? <span className="font-normal text-slate-600"> on {formatDate(mark.date)}</span> : null}
      </h2>
      {mark === null ? (
        <p className="text-sm text-slate-600" data-testid="mark-none">
          No mark yet: nothing has traded and no bid or offer has been visible.
        </p>
      ) : (
        <MarkText mark={mark} />
      )}
      {bound ? (
        <p className="text-xs text-slate-600" data-testid="mark-bound">
          {bound}
        </p>
      ) : null}
    </section>
  );
}

function MarkText({ mark }: { mark: NonNullable<CompanyMark["mark"]> }) {
  const w = markWords(mark);
  const imbalance = imbalanceWords(mark.order_imbalance);
  return (
    <>
      <p className="text-sm leading-relaxed text-slate-800" data-testid="mark-sentence">
        <strong className="whitespace-nowrap text-lg font-semibold text-slate-900 tabular-nums" data-testid="mark-price">
          {w.price}
        </strong>{" "}
        <span className="whitespace-nowrap tabular-nums">({w.band})</span> {w.basis}: <span className="whitespace-nowrap">{w.points[0]}</span>{" "}
        <span className="whitespace-nowrap">{w.points[1]}</span>;{" "}
        <span className="whitespace-nowrap">{w.lastTrade}</span>
      </p>
      <p className="text-xs text-slate-600" data-testid="mark-imbalance">
        Order imbalance <strong className="whitespace-nowrap font-mono text-slate-900">{imbalance.figure}</strong>: {imbalance.words}
      </p>
    </>
  );
}
