import { type ReactNode, Suspense, useRef, useState } from "react";
import { QuoteDialog } from "../quote";

/** Opens the instant auto estimate for the product the visitor was looking at. */
export type OpenQuote = (productTitle: string) => void;

/** Shown while the dialog's code is on its way (a slow connection's first open). */
function LoadingDialog() {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-navy-950/70 p-4">
      <p
        role="status"
        className="rounded-xl bg-white px-6 py-4 font-semibold text-navy-900 shadow-xl"
      >
        Loading the quote form…
      </p>
    </div>
  );
}

/**
 * The one place the home page opens a quote: `openQuote(productTitle)` opens the quote
 * dialog for that product (the quote's `product` field). Closing it gives focus back to
 * the button that opened it.
 */
export function QuoteDialogLauncher({
  children,
}: {
  children: (openQuote: OpenQuote) => ReactNode;
}) {
  const [product, setProduct] = useState<string | null>(null);
  const opener = useRef<HTMLElement | null>(null);

  const openQuote: OpenQuote = (productTitle) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setProduct(productTitle);
  };

  const closeQuote = () => {
    setProduct(null);
    const element = opener.current;
    opener.current = null;
    // After the dialog has left the page, so focus is not pulled back into it.
    if (element) window.setTimeout(() => element.focus(), 0);
  };

  return (
    <>
      {children(openQuote)}
      {product === null ? null : (
        <Suspense fallback={<LoadingDialog />}>
          <QuoteDialog product={product} onClose={closeQuote} />
        </Suspense>
      )}
    </>
  );
}
