/**
 * What other features may use of the quote feature: the home page's quote dialog. Import it
 * lazily (`import("../quote")`) so the wizard's code stays out of the page's first load.
 */
export { default as QuoteDialog, type QuoteDialogProps } from "./quote-dialog";
