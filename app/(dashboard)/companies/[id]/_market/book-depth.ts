/** Levels shown per side on the company page (the API's depth parameter). */
export const PAGE_BOOK_DEPTH = 15;
