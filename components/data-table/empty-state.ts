/**
 * A table's empty state under a link whose parameters were refused (the page's alert says which):
 * nothing was searched, so "no rows match" would mislead. Every table says it in these words.
 */
export const INVALID_LINK_EMPTY = "Nothing is shown: this link's filters could not be applied.";
