import {
  type LeadSort,
  QUOTE_ADMIN_MESSAGES,
  QUOTE_STATUSES,
  type QuoteRecord,
  type QuoteSortKey,
} from "@agency/domain";
import {
  ArchivedFilter,
  AssignedFilter,
  ExportButton,
  ListHeading,
  ReceivedFilter,
  SearchBox,
  SelectField,
  StatusFilter,
} from "../leads/list-controls";
import { ClearSearchButton, EmptyState, ListBody } from "../leads/list-states";
import { useArchive } from "../leads/use-archive";
import { useExport } from "../leads/use-export";
import { CLEARED_FILTERS, hasFilters, useLeadList } from "../leads/use-lead-list";
import { useToggleSet } from "../leads/use-toggle-set";
import { QuoteItem } from "./quote-item";

const SORTS = [
  { value: "date:desc", label: "Newest first" },
  { value: "date:asc", label: "Oldest first" },
  { value: "name:asc", label: "Name (A–Z)" },
  { value: "name:desc", label: "Name (Z–A)" },
  { value: "amount:desc", label: "Amount (highest first)" },
  { value: "amount:asc", label: "Amount (lowest first)" },
] as const satisfies readonly { value: LeadSort<QuoteSortKey>; label: string }[];

const CHOICES = { sorts: SORTS.map((sort) => sort.value), statuses: QUOTE_STATUSES };

/** The spec reads the list from data, autoquotes, or the body itself. */
function pickQuotes(body: unknown): QuoteRecord[] | undefined {
  if (Array.isArray(body)) return body as QuoteRecord[];
  const record = (body ?? {}) as { data?: unknown; autoquotes?: unknown };
  const list = record.data ?? record.autoquotes;
  return Array.isArray(list) ? (list as QuoteRecord[]) : undefined;
}

const quoteWhat = (quote: QuoteRecord) =>
  `Quote of ${quote.personalInfo.firstName} ${quote.personalInfo.lastName}`;

/** The auto quotes as an accordion, paged, searched, sorted and filtered on the server. */
export function QuotesView() {
  const list = useLeadList<QuoteRecord>({
    path: "/api/auto-quotes/get-all-auto-quotes",
    pick: pickQuotes,
    initial: { q: "", sort: "date:desc", status: "" },
    choices: CHOICES,
  });
  const { params, update, state } = list;
  const [openIds, toggle] = useToggleSet();
  const { exportCsv, isExporting } = useExport("/api/auto-quotes/export.csv", params);
  const deletion = useArchive({
    archivePathOf: (id) => `/api/auto-quotes/delete-auto-quote/${encodeURIComponent(id)}`,
    restorePathOf: (id) => `/api/auto-quotes/${encodeURIComponent(id)}/restore`,
    onChanged: list.reload,
  });
  const isArchivedView = params.archived === "true";
  const isFiltered = hasFilters(params);

  return (
    <div className="space-y-4">
      <ListHeading
        title="Quote Requests"
        count={state.phase === "error" ? null : state.total}
        countLabel={isFiltered ? "matching quotes" : "quotes"}
        actions={<ExportButton onExport={exportCsv} isBusy={isExporting} />}
      />
      {params.status === "won" ? (
        <p className="rounded-lg bg-brand-50 p-3 text-sm text-navy-900">
          Won quotes are ready for a policy. Policies are issued with the carrier; record the policy
          there, then follow up with the customer.
        </p>
      ) : null}
      <search className="flex flex-wrap items-end gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <SearchBox label="Search quotes" value={params.q} onSearch={(q) => update({ q })} />
        <SelectField
          label="Sort by"
          value={params.sort}
          onChange={(sort) => update({ sort })}
          className="min-w-52 basis-52"
        >
          {SORTS.map((sort) => (
            <option key={sort.value} value={sort.value}>
              {sort.label}
            </option>
          ))}
        </SelectField>
        <StatusFilter
          statuses={QUOTE_STATUSES}
          value={params.status}
          onChange={(status) => update({ status })}
        />
        <ReceivedFilter value={params} onChange={update} />
        <ArchivedFilter
          value={isArchivedView}
          onChange={(archived) => update({ archived: archived ? "true" : "" })}
        />
        <AssignedFilter
          value={params.assigned ?? ""}
          onChange={(assigned) => update({ assigned })}
        />
      </search>

      <ListBody
        list={list}
        label="Quotes"
        errorTitle={QUOTE_ADMIN_MESSAGES.loadErrorTitle}
        errorMessage={(failure, reason) =>
          failure ? (failure.message ?? failure.error ?? QUOTE_ADMIN_MESSAGES.loadFailed) : reason
        }
        empty={
          <EmptyState title={QUOTE_ADMIN_MESSAGES.empty}>
            {isFiltered ? (
              <>
                <p>No quote matches this search or filter.</p>
                <ClearSearchButton onClear={() => update(CLEARED_FILTERS)} />
              </>
            ) : (
              <p>Quote requests from the website will appear here.</p>
            )}
          </EmptyState>
        }
      >
        <ul aria-label="Quotes" aria-busy={state.phase === "loading"} className="space-y-3">
          {state.items.map((quote) => (
            <QuoteItem
              key={quote._id}
              quote={quote}
              isOpen={openIds.has(quote._id)}
              onToggle={() => toggle(quote._id)}
              isBusy={deletion.isBusy(quote._id)}
              isArchived={isArchivedView}
              onArchive={() => void deletion.archive(quote._id, quoteWhat(quote))}
              onRestore={() => void deletion.restore(quote._id, quoteWhat(quote))}
              onStatusChanged={(change) => list.patchItem(quote._id, change)}
              onDetailsChanged={(changed) => list.patchItem(quote._id, changed)}
              onWorkChanged={(change) => list.patchItem(quote._id, change)}
            />
          ))}
        </ul>
      </ListBody>
      <p className="sr-only" aria-live="polite">
        {state.phase === "ready" && state.items.length > 0
          ? `${state.total} ${isFiltered ? "matching " : ""}quotes`
          : ""}
      </p>
    </div>
  );
}
