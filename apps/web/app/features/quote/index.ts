import { lazy } from "react";

/**
 * What other features may use of the quote feature: the quote dialog (the home page's
 * instant estimate). It is fetched the first time it renders, inside a Suspense boundary,
 * so none of the wizard weighs on the first load of the page that offers it.
 */
export const QuoteDialog = lazy(() => import("./quote-dialog"));
export type { QuoteDialogProps } from "./quote-dialog";
