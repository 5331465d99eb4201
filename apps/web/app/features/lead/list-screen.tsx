import { type ReactNode, useEffect, useRef } from "react";
import { SortIcon } from "../../components/icons/index";
import type { ApiFailure } from "../../lib/api";
import { useDashboard } from "../../lib/dashboard-context";
import { isLeadView, isWorkView, type WorkView } from "../../lib/dashboard-views";
import {
  ArchivedFilter,
  AssignedFilter,
  ExportButton,
  HasFilter,
  ListHeading,
  ReceivedFilter,
  SearchBox,
  SelectField,
  StatusFilter,
  secondaryButtonClass,
} from "./list-controls";
import { ClearSearchButton, EmptyState, ListBody } from "./list-states";
import { NewLeadsNotice } from "./new-leads-notice";
import { useArchive } from "./use-archive";
import { useExport } from "./use-export";
import {
  CLEARED_FILTERS,
  hasFilters,
  LEAD_FILTERS,
  type LeadList,
  type ListDefaults,
  type ListFilter,
  type ListParams,
  type PageLoader,
  useLeadList,
} from "./use-lead-list";

type SortOption = { readonly value: string; readonly label: string };

/**
 * How a list is sorted: one select of "field:direction" choices, or a select of fields
 * beside an Ascending / Descending switch (every field both ways).
 */
export type SortChoice =
  | { kind: "choices"; options: readonly SortOption[]; className: string }
  | { kind: "field-and-direction"; fields: readonly SortOption[] };

/** The sort values a list accepts from its address. */
export function sortValues(sort: SortChoice): string[] {
  return sort.kind === "choices"
    ? sort.options.map((option) => option.value)
    : sort.fields.flatMap((field) => [`${field.value}:asc`, `${field.value}:desc`]);
}

/** What the empty state knows: which filters are on, and how to clear them. */
export type EmptyContext = {
  params: ListParams;
  isFiltered: boolean;
  isArchivedView: boolean;
  clear: () => void;
};

/** What a kind's rows are drawn from: the page, and what a row may do to it. */
export type RowsContext<T extends { _id: string }> = {
  items: T[];
  list: LeadList<T>;
  isLoading: boolean;
  isArchivedView: boolean;
  isBusy: (id: string) => boolean;
  archive: (item: T) => void;
  restore: (item: T) => void;
  /** Merges a change (status, details, work) into the row shown. */
  patch: (id: string, change: Partial<T>) => void;
};

/** One kind of list: everything that is not the same for every kind. */
export interface ListKind<T extends { _id: string }> {
  /**
   * Whose routes export (API_ENDPOINTS.<view>.export) and, for a worked view (a lead's, the
   * service requests'), archive and restore; the people list exports only.
   */
  view: WorkView | "people";
  /** One page through the kind's typed list route. */
  load: PageLoader<T>;
  initial: ListDefaults;
  sort: SortChoice;
  /** The filters beside search and sort, in this order; a lead list's four when not given. */
  filters?: readonly ListFilter[];
  /** The Status filter's choices (shown by their labels). */
  statuses: readonly string[];
  /** The heading ("Quote Requests"). */
  title: string;
  /** What the count counts ("quotes": "12 quotes", "3 matching quotes"). */
  countNoun: string;
  /** The plural name the states and the pager use ("Quotes"). */
  label: string;
  searchLabel: string;
  errorTitle?: string;
  /** The failure panel's text, from the server's answer (null: none) or the local reason. */
  errorMessage: (failure: ApiFailure | null, reason: string) => string;
  /** A toast once per failed load, beside the panel (the spec's, for some kinds). */
  loadFailedToast?: string;
  /** What an archive or restore toast calls one item ("Quote of Ann Lee"). */
  itemName: (item: T) => string;
  /** The empty list: a title with the hint, or with the no-match text and Clear Search. */
  empty: { title: string; hint: string; noMatch: string } | ((context: EmptyContext) => ReactNode);
  /** The live region that reads out the count after each load (quotes). */
  announceCount?: boolean;
}

interface ListScreenProps<T extends { _id: string }> {
  kind: ListKind<T>;
  /** Before Export CSV in the heading. */
  headingActions?: ReactNode;
  /** Between the heading and the filters, given the list's state. */
  notice?: (params: ListParams) => ReactNode;
  /** After the filters every list has (a display switch). */
  extraFilters?: ReactNode;
  rows: (context: RowsContext<T>) => ReactNode;
}

/**
 * The dashboard's lead list: heading with count and Export CSV, search, sort and filters,
 * the states (loading, failure with Try Again, empty or no match), a page of rows with the
 * pager, and archive / restore with Undo. The state lives in the address (useLeadList);
 * each kind of lead is a configuration of this screen (ListKind) and its rows.
 */
export function ListScreen<T extends { _id: string }>({
  kind,
  headingActions,
  notice,
  extraFilters,
  rows,
}: ListScreenProps<T>) {
  const { showToast } = useDashboard();
  const filters = kind.filters ?? LEAD_FILTERS;
  const list = useLeadList<T>({
    load: kind.load,
    initial: kind.initial,
    choices: { sorts: sortValues(kind.sort), statuses: kind.statuses, filters },
  });
  const { params, update, state } = list;
  const { exportCsv, isExporting } = useExport(kind.view, params);
  const deletion = useArchive({
    kind: isWorkView(kind.view) ? kind.view : null,
    onChanged: list.reload,
  });
  const isArchivedView = params.archived === "true";
  const isFiltered = hasFilters(params);

  // A toast on a failed load, once per failure (the panel stays until a retry).
  const toastedFailure = useRef<unknown>(null);
  const { loadFailedToast } = kind;
  useEffect(() => {
    if (loadFailedToast && state.phase === "error" && toastedFailure.current !== state) {
      toastedFailure.current = state;
      showToast(loadFailedToast, "error");
    }
  }, [state, showToast, loadFailedToast]);

  const clear = () => update(CLEARED_FILTERS);
  const empty =
    typeof kind.empty === "function" ? (
      kind.empty({ params, isFiltered, isArchivedView, clear })
    ) : (
      <EmptyState title={kind.empty.title}>
        {isFiltered ? (
          <>
            <p>{kind.empty.noMatch}</p>
            <ClearSearchButton onClear={clear} />
          </>
        ) : (
          <p>{kind.empty.hint}</p>
        )}
      </EmptyState>
    );

  return (
    <div className="space-y-4">
      <ListHeading
        title={kind.title}
        count={state.phase === "error" ? null : state.total}
        countLabel={isFiltered ? `matching ${kind.countNoun}` : kind.countNoun}
        actions={
          <>
            {headingActions}
            <ExportButton onExport={exportCsv} isBusy={isExporting} />
          </>
        }
      />
      {isArchivedView || !isLeadView(kind.view) ? null : (
        <NewLeadsNotice
          view={kind.view}
          noun={kind.countNoun}
          // The newest are on the first page; from a later page, go there.
          onShow={() => (params.offset > 0 ? update({}) : list.reload())}
        />
      )}
      {notice?.(params)}
      <search className="flex flex-wrap items-end gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <SearchBox label={kind.searchLabel} value={params.q} onSearch={(q) => update({ q })} />
        <SortControl sort={kind.sort} value={params.sort} onChange={(sort) => update({ sort })} />
        {filters.map((filter) => (
          <FilterControl key={filter} filter={filter} kind={kind} list={list} />
        ))}
        {extraFilters}
      </search>

      <ListBody
        list={list}
        label={kind.label}
        errorTitle={kind.errorTitle}
        errorMessage={kind.errorMessage}
        empty={empty}
      >
        {rows({
          items: state.items,
          list,
          isLoading: state.phase === "loading",
          isArchivedView,
          isBusy: deletion.isBusy,
          archive: (item) => void deletion.archive(item._id, kind.itemName(item)),
          restore: (item) => void deletion.restore(item._id, kind.itemName(item)),
          patch: list.patchItem,
        })}
      </ListBody>
      {kind.announceCount ? (
        <p className="sr-only" aria-live="polite">
          {state.phase === "ready" && state.items.length > 0
            ? `${state.total} ${isFiltered ? "matching " : ""}${kind.countNoun}`
            : ""}
        </p>
      ) : null}
    </div>
  );
}

/** One of the filters a list offers, bound to the list's state. */
function FilterControl<T extends { _id: string }>({
  filter,
  kind,
  list,
}: {
  filter: ListFilter;
  kind: ListKind<T>;
  list: LeadList<T>;
}) {
  const { params, update } = list;
  switch (filter) {
    case "status":
      return (
        <StatusFilter
          statuses={kind.statuses}
          value={params.status}
          onChange={(status) => update({ status })}
        />
      );
    case "received":
      return <ReceivedFilter value={params} onChange={update} />;
    case "archived":
      return (
        <ArchivedFilter
          value={params.archived === "true"}
          onChange={(archived) => update({ archived: archived ? "true" : "" })}
        />
      );
    case "assigned":
      return (
        <AssignedFilter
          value={params.assigned ?? ""}
          onChange={(assigned) => update({ assigned })}
        />
      );
    case "has":
      return <HasFilter value={params.has ?? ""} onChange={(has) => update({ has })} />;
  }
}

function SortControl({
  sort,
  value,
  onChange,
}: {
  sort: SortChoice;
  value: string;
  onChange: (sort: string) => void;
}) {
  if (sort.kind === "choices") {
    return (
      <SelectField label="Sort by" value={value} onChange={onChange} className={sort.className}>
        {sort.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </SelectField>
    );
  }
  const [field, direction] = value.split(":") as [string, "asc" | "desc"];
  return (
    <>
      <SelectField
        label="Sort by"
        value={field}
        onChange={(next) => onChange(`${next}:${direction}`)}
        className="basis-32"
      >
        {sort.fields.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </SelectField>
      <button
        type="button"
        className={secondaryButtonClass}
        onClick={() => onChange(`${field}:${direction === "asc" ? "desc" : "asc"}`)}
      >
        <SortIcon className="size-4" />
        {direction === "asc" ? "Ascending" : "Descending"}
        <span className="sr-only">
          {" "}
          order; switch to {direction === "asc" ? "descending" : "ascending"}
        </span>
      </button>
    </>
  );
}
