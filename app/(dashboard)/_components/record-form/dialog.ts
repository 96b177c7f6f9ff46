/**
 * The look every modal <dialog> of the dashboard shares (each adds its width). `whitespace-normal`
 * and `text-left`: a dialog opened from a table row sits inside a nowrap cell and would inherit it,
 * its text cut off and scrolling sideways instead of wrapping.
 */
export const DIALOG = "m-auto whitespace-normal text-left rounded-lg border border-slate-200 bg-white shadow-xl backdrop:bg-slate-900/40";
