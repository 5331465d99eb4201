import {
  API_ENDPOINTS,
  type LeadSort,
  QUOTE_ADMIN_MESSAGES,
  QUOTE_STATUSES,
  type QuoteRecord,
  type QuoteSortKey,
} from "@agency/domain";
import { errorText } from "../../../lib/api";
import { type ListKind, ListScreen } from "../list-screen";
import { pageOf } from "../use-lead-list";
import { useToggleSet } from "../use-toggle-set";
import { QuoteItem } from "./quote-item";

const SORTS = [
  { value: "date:desc", label: "Newest first" },
  { value: "date:asc", label: "Oldest first" },
  { value: "name:asc", label: "Name (A–Z)" },
  { value: "name:desc", label: "Name (Z–A)" },
  { value: "amount:desc", label: "Amount (highest first)" },
  { value: "amount:asc", label: "Amount (lowest first)" },
  { value: "nextTask:asc", label: "Next task (soonest first)" },
] as const satisfies readonly { value: LeadSort<QuoteSortKey>; label: string }[];

/** The auto quotes: paged, searched, sorted and filtered on the server. */
export const QUOTE_LIST: ListKind<QuoteRecord> = {
  view: "quotes",
  load: async (call, query, signal) =>
    pageOf(await call(API_ENDPOINTS.quotes.list, { query, signal }), (answer) => answer.data),
  initial: { q: "", sort: "date:desc", status: "" },
  sort: { kind: "choices", options: SORTS, className: "min-w-52 basis-52" },
  statuses: QUOTE_STATUSES,
  title: "Quote Requests",
  countNoun: "quotes",
  label: "Quotes",
  searchLabel: "Search quotes",
  errorTitle: QUOTE_ADMIN_MESSAGES.loadErrorTitle,
  errorMessage: (failure, reason) =>
    failure ? errorText(failure, QUOTE_ADMIN_MESSAGES.loadFailed) : reason,
  itemName: (quote) => `Quote of ${quote.personalInfo.firstName} ${quote.personalInfo.lastName}`,
  empty: {
    title: QUOTE_ADMIN_MESSAGES.empty,
    hint: "Quote requests from the website will appear here.",
    noMatch: "No quote matches this search or filter.",
  },
  announceCount: true,
};

/** The auto quotes as an accordion. */
export function QuotesView() {
  const [openIds, toggle] = useToggleSet();
  return (
    <ListScreen
      kind={QUOTE_LIST}
      notice={(params) =>
        params.status === "won" ? (
          <p className="rounded-lg bg-brand-50 p-3 text-sm text-navy-900">
            Won quotes are ready for a policy: open one and choose Issue policy, or issue it from
            the person's page.
          </p>
        ) : null
      }
      rows={(rows) => (
        <ul aria-label="Quotes" aria-busy={rows.isLoading} className="space-y-3">
          {rows.items.map((quote) => (
            <QuoteItem
              key={quote._id}
              quote={quote}
              isOpen={openIds.has(quote._id)}
              onToggle={() => toggle(quote._id)}
              isBusy={rows.isBusy(quote._id)}
              isArchived={rows.isArchivedView}
              onArchive={() => rows.archive(quote)}
              onRestore={() => rows.restore(quote)}
              onStatusChanged={(change) => rows.patch(quote._id, change)}
              onDetailsChanged={(changed) => rows.patch(quote._id, changed)}
              onWorkChanged={(change) => rows.patch(quote._id, change)}
            />
          ))}
        </ul>
      )}
    />
  );
}
