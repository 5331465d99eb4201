/**
 * What other features may use of the quote feature: the home page's quote dialog, as the
 * default export so `lazy(() => import("../quote"))` takes it as it is and the wizard's code
 * stays out of the page's first load.
 */
export { default, type QuoteDialogProps } from "./quote-dialog";
