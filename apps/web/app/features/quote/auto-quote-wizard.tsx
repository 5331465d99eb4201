import { QUOTE_PAGE_DISCOUNTS, QUOTE_TOAST_DURATION_MS } from "@agency/domain";
import { useNavigate } from "react-router";
import { Toast } from "../../components/toast";
import { QUOTE_DRAFT_KEY } from "./draft-storage";
import { QuoteProgress } from "./quote-progress";
import { QuoteWizardBody } from "./quote-wizard-body";
import { useQuoteWizard } from "./use-quote-wizard";

/**
 * The quote wizard of /get-quote-today and /auto-quote-form. After a successful submit
 * the toast shows for 8 seconds; closing it (or its timeout) goes to the home page
 * through the router, without reloading the page (the spec reloads).
 */
export function AutoQuoteWizard() {
  const wizard = useQuoteWizard({ variant: "page", draftKey: QUOTE_DRAFT_KEY });
  const navigate = useNavigate();
  return (
    <section aria-label="Auto quote form" className="bg-slate-50">
      <div className="mx-auto max-w-4xl px-3 py-8 sm:px-6 sm:py-14 lg:px-8">
        <div
          ref={wizard.containerRef}
          {...wizard.loadOnTouch}
          className="scroll-mt-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-8"
        >
          <QuoteProgress wizard={wizard} />
          <div className="mt-8">
            <QuoteWizardBody
              wizard={wizard}
              headingLevel={2}
              discounts={QUOTE_PAGE_DISCOUNTS}
              onLeave={() => {
                // The page the visitor came from on this site, or the home page.
                const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
                void (index > 0 ? navigate(-1) : navigate("/"));
              }}
            />
          </div>
        </div>
      </div>
      <Toast
        message={wizard.toastMessage}
        durationMs={QUOTE_TOAST_DURATION_MS}
        onClose={() => {
          wizard.dismissToast();
          void navigate("/");
        }}
      />
    </section>
  );
}
