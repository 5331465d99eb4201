import { QUOTE_DIALOG_DISCOUNTS, QUOTE_TOAST_DURATION_MS } from "@agency/domain";
import { type KeyboardEvent, useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { CloseIcon } from "../../components/icons/index";
import { Toast } from "../../components/toast";
import { QUOTE_DIALOG_DRAFT_KEY } from "./draft-storage";
import { QuoteTabs, tabIdFor } from "./quote-tabs";
import { QuoteWizardBody } from "./quote-wizard-body";
import { useQuoteWizard } from "./use-quote-wizard";

const FOCUSABLE = "a[href], button, input, select, textarea, [tabindex]";

function focusableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) =>
      element.tabIndex >= 0 && !element.matches(":disabled") && element.getClientRects().length > 0,
  );
}

/** The page behind a modal does not scroll; the scrollbar's width is kept so nothing shifts. */
function useBodyScrollLock(): void {
  useEffect(() => {
    const root = document.documentElement;
    const scrollbarWidth = window.innerWidth - root.clientWidth;
    const previousOverflow = root.style.overflow;
    const previousPadding = root.style.paddingRight;
    root.style.overflow = "hidden";
    if (scrollbarWidth > 0) root.style.paddingRight = `${scrollbarWidth}px`;
    return () => {
      root.style.overflow = previousOverflow;
      root.style.paddingRight = previousPadding;
    };
  }, []);
}

export interface QuoteDialogProps {
  /** The product card's title, sent as the quote's `product`. */
  product: string;
  /** Closes the dialog; the opener gets focus back. Safe to call more than once. */
  onClose: () => void;
}

/**
 * The home page's quote dialog: the same five steps as the page, as tabs, in a modal
 * (a native <dialog> opened with showModal, so the page behind is inert). Tab and
 * Shift+Tab stay inside; Escape and Close close it. Unlike the spec's dialog, which
 * priced in the browser and sent nothing, it submits like the page does, so the agency
 * gets every priced quote. It is loaded only when a visitor opens it (React.lazy in
 * features/home/quote-dialog-launcher.tsx), hence the default export.
 */
export default function QuoteDialog({ product, onClose }: QuoteDialogProps) {
  const wizard = useQuoteWizard({ variant: "dialog", draftKey: QUOTE_DIALOG_DRAFT_KEY, product });
  const dialogRef = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const titleId = wizard.fieldId("dialog-title");
  const panelId = wizard.fieldId("dialog-panel");

  useBodyScrollLock();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    dialog.querySelector<HTMLElement>("[data-dialog-title]")?.focus();
    return () => {
      if (dialog.open) dialog.close();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      onCloseRef.current();
      return;
    }
    if (event.key !== "Tab") return;
    const dialog = event.currentTarget;
    const focusable = focusableIn(dialog);
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || !focusable.includes(active as HTMLElement))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={dialogRef}
      aria-modal="true"
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      // Escape when the browser skips our keydown (e.g. a second press), or any other
      // way the browser closes it: keep React's state in step.
      onCancel={(event) => {
        event.preventDefault();
        onCloseRef.current();
      }}
      onClose={() => onCloseRef.current()}
      className="m-0 h-dvh max-h-none w-full max-w-none overflow-hidden bg-white p-0 text-slate-800 backdrop:bg-navy-950/70 sm:m-auto sm:h-[min(56rem,calc(100dvh-3rem))] sm:w-[min(56rem,calc(100vw-3rem))] sm:rounded-2xl sm:shadow-2xl"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-start justify-between gap-3 border-b border-slate-200 px-4 py-3 sm:px-6 sm:py-4">
          <div className="min-w-0">
            <h2
              id={titleId}
              data-dialog-title=""
              tabIndex={-1}
              className="text-xl font-bold text-navy-900 focus:outline-none sm:text-2xl"
            >
              Instant Auto Estimate
            </h2>
            <p className="text-sm text-slate-700">
              For: <span className="font-semibold">{product}</span>
            </p>
          </div>
          <button
            type="button"
            onClick={() => onCloseRef.current()}
            className="flex min-h-11 shrink-0 cursor-pointer items-center gap-1.5 rounded-md px-3 text-sm font-semibold text-navy-900 ring-1 ring-slate-300 ring-inset hover:bg-slate-50"
          >
            <CloseIcon className="size-5" />
            Close
          </button>
        </div>
        <QuoteTabs wizard={wizard} panelId={panelId} />
        <div
          id={panelId}
          role="tabpanel"
          aria-labelledby={tabIdFor(wizard, wizard.step)}
          className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-4 py-5 sm:px-6"
        >
          <div ref={wizard.containerRef} {...wizard.loadOnTouch} className="scroll-mt-5">
            <QuoteWizardBody
              wizard={wizard}
              headingLevel={3}
              discounts={QUOTE_DIALOG_DISCOUNTS}
              onLeave={() => onCloseRef.current()}
            />
          </div>
        </div>
      </div>
      <Toast
        message={wizard.toastMessage}
        durationMs={QUOTE_TOAST_DURATION_MS}
        // At the bottom: at the top it covered the dialog's Close button on a phone.
        placement="bottom"
        onClose={() => {
          wizard.dismissToast();
          onCloseRef.current();
          // The dialog lives on the home page; from anywhere else the toast leads home.
          if (pathname !== "/") void navigate("/");
        }}
      />
    </dialog>
  );
}
