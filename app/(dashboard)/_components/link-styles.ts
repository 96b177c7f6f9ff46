/**
 * A small text link beside a table or in a row ("Details", "Open in Trades →"): at least 24 px tall,
 * so a finger finds it on a phone (WCAG 2.2's minimum target size), however small its text.
 */
export const SMALL_LINK = "inline-flex min-h-6 items-center text-xs font-medium text-indigo-700 hover:underline";
