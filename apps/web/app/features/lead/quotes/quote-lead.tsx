import {
  defaultEmailSubject,
  formatQuoteAmount,
  QUOTE_STATUSES,
  type QuoteRecord,
} from "@agency/domain";
import { detailsOf, EditContactDetails } from "../../lead-entry";
import { LeadPage } from "../lead/lead-page";
import {
  customerName,
  QuoteFacts,
  REVEALED_NOTE,
  RevealButton,
  useQuoteReveal,
} from "./quote-item";

function QuoteDetails({
  quote,
  onDetailsChanged,
}: {
  quote: QuoteRecord;
  onDetailsChanged: (quote: QuoteRecord) => void;
}) {
  const reveal = useQuoteReveal(quote);
  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-lg font-semibold text-navy-900 tabular-nums">
          {formatQuoteAmount(quote.quoteAmount)}
          <span className="text-sm font-normal text-slate-700">/mo estimate</span>
        </p>
        <div className="flex flex-wrap gap-2">
          <RevealButton reveal={reveal} />
          <EditContactDetails
            kind="quote"
            id={quote._id}
            current={detailsOf(quote)}
            owner={customerName(quote)}
            onSaved={onDetailsChanged}
          />
        </div>
      </div>
      <QuoteFacts quote={quote} revealed={reveal.revealed} />
      {reveal.revealed ? <p className="mt-3 text-sm text-slate-700">{REVEALED_NOTE}</p> : null}
    </>
  );
}

/** One quote request's page: /dashboard/quotes/:id. */
export function QuoteLead({ id }: { id: string }) {
  return (
    <LeadPage
      view="quotes"
      id={id}
      statuses={QUOTE_STATUSES}
      nameOf={customerName}
      emailOf={(quote) => quote.personalInfo.email}
      emailOpeningOf={(quote) => ({
        firstName: quote.personalInfo.firstName,
        subject: defaultEmailSubject({ type: "quote" }),
      })}
      summaryOf={(quote) =>
        `${quote.vehicleInfo.year} ${quote.vehicleInfo.make} ${quote.vehicleInfo.model}`
      }
    >
      {(quote, patch) => <QuoteDetails quote={quote} onDetailsChanged={patch} />}
    </LeadPage>
  );
}
