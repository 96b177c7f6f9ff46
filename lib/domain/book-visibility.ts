/**
 * Who may know another team's order-book entry exists (spec 2.4, issue 14), the one rule that both
 * the market's statements (lib/market/visibility.ts) and the live stream's hints
 * (lib/live/change.ts) follow.
 */

/** The caller as the market's rules need them. */
export interface Viewer {
  teamId: string;
  /** Lower-cased, as private recipients are compared. */
  email: string;
}

export function viewerOf(caller: { teamId: string; email: string }): Viewer {
  return { teamId: caller.teamId, email: caller.email.toLowerCase() };
}

/** What decides who may know an order-book entry exists (the row is open: the book holds no other). */
export interface BookVisibility {
  teamId: string;
  visibility: string;
  /** The private recipients, lower-cased. */
  recipients: readonly string[];
}

/** What decides who may know an order exists, from its stored row (private_recipients as JSON text). */
export function storedBookVisibility(row: { teamId: string; visibility: string; privateRecipients: string }): BookVisibility {
  return { teamId: row.teamId, visibility: row.visibility, recipients: (JSON.parse(row.privateRecipients) as string[]).map((email) => email.toLowerCase()) };
}

/**
 * An order-book entry the viewer may know exists. Decided in JavaScript over the cached book
 * (lib/market/queries.ts), so counts and best prices take it too: the rows of a private entry,
 * its count and its price are kept from everyone else.
 */
export function mayKnowBookEntry(entry: BookVisibility, viewer: Viewer): boolean {
  return entry.visibility !== "private" || entry.teamId === viewer.teamId || entry.recipients.includes(viewer.email);
}
