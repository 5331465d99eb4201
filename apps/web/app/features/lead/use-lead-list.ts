import {
  isCalendarDate,
  type ListQuery,
  MAX_LIST_OFFSET,
  MAX_LIST_SEARCH,
  PERSON_LEAD_TYPES,
  type PeopleListQuery,
  RECEIVED_PRESETS,
  receivedFilterProblem,
} from "@agency/domain";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import type { ApiFailure, ApiResult } from "../../lib/api";
import { type AuthContextValue, useAuth } from "../../lib/auth";

export const PAGE_SIZE = 25;
/** The server's offset limit (ListQuerySchema), in pages. */
const MAX_PAGE = Math.floor(MAX_LIST_OFFSET / PAGE_SIZE);

/**
 * What a list's request may carry: the lead lists' query (ListQuery) and the people list's
 * `has` (PeopleListQuery). Each list's loader passes on the fields its route takes.
 */
export type ListRequest = ListQuery & Pick<PeopleListQuery, "has">;

/**
 * The filters a list may offer beside its search and sort: the lead lists' four, and the
 * people list's "has a lead of this kind".
 */
export const LIST_FILTERS = ["status", "received", "archived", "assigned", "has"] as const;
export type ListFilter = (typeof LIST_FILTERS)[number];
/** What a lead list offers. */
export const LEAD_FILTERS = ["status", "received", "archived", "assigned"] as const;

/**
 * The list state the dashboard keeps; each is a field of the contract's ListQuery (the
 * server's query string), so a renamed or dropped parameter fails type-checking here.
 */
export type ListParams = {
  q: NonNullable<ListQuery["q"]>;
  sort: NonNullable<ListQuery["sort"]>;
  status: NonNullable<ListQuery["status"]>;
  offset: NonNullable<ListQuery["offset"]>;
  /** Whose leads: "" (anyone), "me" or "none". */
  assigned?: NonNullable<ListQuery["assigned"]> | "";
  /** When the lead arrived: a preset, or a custom range of Central days (inclusive). */
  received?: NonNullable<ListQuery["received"]> | "";
  from?: NonNullable<ListQuery["from"]>;
  to?: NonNullable<ListQuery["to"]>;
  /** "true": the Archived filter (only archived leads). */
  archived?: NonNullable<ListQuery["archived"]> | "";
  /** People with a live lead of this kind (the people list). */
  has?: NonNullable<PeopleListQuery["has"]> | "";
};

/** What Clear Search resets: the search and every filter, not the sort. */
export const CLEARED_FILTERS = {
  q: "",
  status: "",
  received: "",
  from: "",
  to: "",
  archived: "",
  assigned: "",
  has: "",
} as const;

/** True when the list shows only some leads (a search or a filter is on). */
export function hasFilters(params: Partial<ListParams>): boolean {
  return Boolean(
    params.q?.trim() ||
      params.status ||
      params.received ||
      params.from ||
      params.to ||
      params.archived === "true" ||
      params.assigned ||
      params.has,
  );
}

/** What a list shows when its address names nothing. */
export type ListDefaults = Omit<ListParams, "offset">;

/**
 * The values a list offers; anything else in an address falls back to the default. Without
 * `filters`, a lead list's (LEAD_FILTERS).
 */
export type ListChoices = {
  sorts?: readonly string[];
  statuses?: readonly string[];
  filters?: readonly ListFilter[];
};

export type ListState<T> =
  | { phase: "loading"; items: T[]; total: number }
  | { phase: "ready"; items: T[]; total: number }
  | { phase: "error"; items: T[]; total: number; failure: ApiFailure | null; reason: string };

/** One page of a list as the screen needs it, whatever envelope the kind's route answers. */
export type ListPage<T> = { items: T[]; total: number };

/**
 * Loads one page through the kind's typed list route (API_ENDPOINTS.<kind>.list); each kind
 * says where its items are in the answer (the spec gives each list its own envelope).
 */
export type PageLoader<T> = (
  call: AuthContextValue["call"],
  query: ListRequest,
  signal: AbortSignal,
) => Promise<ApiResult<ListPage<T>>>;

/** A typed answer's items and total, or the failure as it came. */
export function pageOf<A extends { total: number }, T>(
  result: ApiResult<A>,
  items: (answer: A) => T[],
): ApiResult<ListPage<T>> {
  if (!result.ok) return result;
  return { ...result, data: { items: items(result.data), total: result.data.total } };
}

interface LeadListOptions<T> {
  load: PageLoader<T>;
  initial: ListDefaults;
  choices?: ListChoices;
}

/** The query of a list request or an export (which has no paging); empty values left out. */
export function listQuery(params: Partial<ListParams>, paged: boolean): ListRequest {
  const query: ListRequest = {};
  if (paged) {
    query.limit = PAGE_SIZE;
    query.offset = params.offset ?? 0;
  }
  if (params.q?.trim()) query.q = params.q.trim();
  if (params.sort) query.sort = params.sort;
  if (params.status) query.status = params.status;
  if (params.received) query.received = params.received;
  if (params.from) query.from = params.from;
  if (params.to) query.to = params.to;
  if (params.archived === "true") query.archived = "true";
  if (params.assigned) query.assigned = params.assigned;
  if (params.has) query.has = params.has;
  return query;
}

/**
 * The list state an address names (`?q=olson&sort=name:asc&status=new&page=3`): what is
 * missing, malformed or not offered takes the default, so any pasted or edited address
 * opens a list (never an error).
 */
export function readListParams(
  search: URLSearchParams,
  defaults: ListDefaults,
  choices: ListChoices = {},
): ListParams {
  const offered = (value: string | null, allowed: readonly string[] | undefined) =>
    value !== null && value !== "" && (allowed === undefined || allowed.includes(value));
  const filters: readonly ListFilter[] = choices.filters ?? LEAD_FILTERS;
  const sort = search.get("sort");
  const status = filters.includes("status") ? search.get("status") : null;
  const received = filters.includes("received") ? search.get("received") : null;
  const date = (key: "from" | "to") => {
    const value = search.get(key) ?? "";
    return isCalendarDate(value) ? value : "";
  };
  const page = search.get("page") ?? "";
  const pageNumber = /^[1-9]\d{0,6}$/.test(page) ? Math.min(Number(page), MAX_PAGE) : 1;
  const params: ListParams = {
    q: (search.get("q") ?? defaults.q).slice(0, MAX_LIST_SEARCH),
    sort: sort !== null && offered(sort, choices.sorts) ? sort : defaults.sort,
    status: status !== null && offered(status, choices.statuses) ? status : defaults.status,
    offset: (pageNumber - 1) * PAGE_SIZE,
  };
  if (filters.includes("archived") && search.get("archived") === "true") {
    params.archived = "true";
  }
  const assigned = filters.includes("assigned") ? search.get("assigned") : null;
  if (assigned === "me" || assigned === "none") params.assigned = assigned;
  const has = filters.includes("has") ? search.get("has") : null;
  if (has !== null && offered(has, PERSON_LEAD_TYPES)) {
    params.has = has as (typeof PERSON_LEAD_TYPES)[number];
  }
  // A preset, or else a custom range (the server refuses both at once).
  if (received !== null && offered(received, RECEIVED_PRESETS)) {
    params.received = received as (typeof RECEIVED_PRESETS)[number];
  } else if (filters.includes("received")) {
    const [from, to] = [date("from"), date("to")];
    // A range the server would refuse (the end before the start, too long) is dropped.
    if (!receivedFilterProblem({ ...(from ? { from } : {}), ...(to ? { to } : {}) })) {
      if (from) params.from = from;
      if (to) params.to = to;
    }
  }
  return params;
}

/**
 * The address's query with the list state written in (defaults left out, so a fresh list
 * has a clean address); parameters the list does not own are kept.
 */
export function writeListParams(
  search: URLSearchParams,
  params: ListParams,
  defaults: ListDefaults,
): URLSearchParams {
  const next = new URLSearchParams(search);
  const put = (key: string, value: string, fallback: string) => {
    if (value === "" || value === fallback) next.delete(key);
    else next.set(key, value);
  };
  put("q", params.q.trim(), defaults.q);
  put("sort", params.sort, defaults.sort);
  put("status", params.status, defaults.status);
  put("received", params.received ?? "", defaults.received ?? "");
  put("from", params.from ?? "", defaults.from ?? "");
  put("to", params.to ?? "", defaults.to ?? "");
  put("archived", params.archived === "true" ? "true" : "", "");
  put("assigned", params.assigned ?? "", "");
  put("has", params.has ?? "", "");
  const page = Math.floor(params.offset / PAGE_SIZE) + 1;
  put("page", String(page), "1");
  return next;
}

/** Marks a history entry made by typing a search, so the next keystrokes replace it. */
type ListHistoryState = { listChange?: "q" | "other" };

/**
 * One page of a lead list, searched, sorted and filtered on the server (the dashboard
 * stays fast at 10,000 records). The state lives in the address: Back and Forward step
 * through it, a reload keeps it, a copied link opens it. The previous page stays on screen
 * while the next loads; an answer that arrives after a newer request is dropped.
 */
export function useLeadList<T extends { _id: string }>({
  load,
  initial,
  choices,
}: LeadListOptions<T>) {
  const { call } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const search = location.search;
  const defaultsRef = useRef(initial);
  defaultsRef.current = initial;
  const choicesRef = useRef(choices);
  choicesRef.current = choices;
  // One object per address, so the fetch below runs when the address changes, not per render.
  const params = useMemo(
    () => readListParams(new URLSearchParams(search), defaultsRef.current, choicesRef.current),
    [search],
  );
  const [reloadCount, setReloadCount] = useState(0);
  const [state, setState] = useState<ListState<T>>({ phase: "loading", items: [], total: 0 });
  const loadRef = useRef(load);
  loadRef.current = load;
  const locationRef = useRef(location);
  locationRef.current = location;
  /**
   * The address of a navigation asked for and not yet arrived (navigations are async);
   * forgotten as soon as any address arrives.
   */
  const pendingSearch = useRef<string | null>(null);
  const arrivedSearch = useRef(search);
  if (arrivedSearch.current !== search) {
    arrivedSearch.current = search;
    pendingSearch.current = null;
  }

  /** Writes the list state into the address (the list follows the address). */
  const go = useCallback(
    (next: ListParams, change: "q" | "other", replace = false) => {
      const current = locationRef.current;
      const query = writeListParams(
        new URLSearchParams(current.search),
        next,
        defaultsRef.current,
      ).toString();
      const target = query ? `?${query}` : "";
      // Already there, or already on the way there: no second history entry.
      if (target === current.search || target === pendingSearch.current) return;
      pendingSearch.current = target;
      // Typing a search makes one history entry, not one per pause in typing.
      const isTyping =
        change === "q" && (current.state as ListHistoryState | null)?.listChange === "q";
      const state: ListHistoryState = { listChange: change };
      void navigate(
        { pathname: current.pathname, search: target, hash: current.hash },
        // The list manages its own scroll (paging brings its top into view).
        { replace: replace || isTyping, state, preventScrollReset: true },
      );
    },
    [navigate],
  );

  useEffect(() => {
    const controller = new AbortController();
    // reloadCount is read so that Try Again and a delete fetch the same page again.
    void reloadCount;
    setState((previous) => ({ phase: "loading", items: previous.items, total: previous.total }));
    loadRef
      .current(call, listQuery(params, true), controller.signal)
      .then((result) => {
        if (controller.signal.aborted) return;
        if (!result.ok) {
          setState({ phase: "error", items: [], total: 0, failure: result, reason: "" });
          return;
        }
        const { items } = result.data;
        // The route declares the answer; a server out of step with it is told, not trusted.
        if (!Array.isArray(items)) {
          setState({
            phase: "error",
            items: [],
            total: 0,
            failure: null,
            reason: "Unexpected data format",
          });
          return;
        }
        const total = typeof result.data.total === "number" ? result.data.total : items.length;
        // A delete (or an old link) can point past the end: step back to the last page
        // that has items, in place of this address.
        if (items.length === 0 && params.offset > 0 && total > 0) {
          const offset = Math.max(0, Math.floor((total - 1) / PAGE_SIZE) * PAGE_SIZE);
          go({ ...params, offset }, "other", true);
          return;
        }
        setState({ phase: "ready", items, total });
      })
      .catch(() => {
        // Aborted: a newer request owns the state.
      });
    return () => controller.abort();
  }, [call, params, reloadCount, go]);

  const update = useCallback(
    (change: Partial<ListParams>) => {
      const isSearch = Object.keys(change).every((key) => key === "q");
      go({ ...params, offset: 0, ...change }, isSearch ? "q" : "other");
    },
    [go, params],
  );
  const reload = useCallback(() => setReloadCount((count) => count + 1), []);
  const patchItem = useCallback((id: string, patch: Partial<T>) => {
    setState((current) => ({
      ...current,
      items: current.items.map((item) => (item._id === id ? { ...item, ...patch } : item)),
    }));
  }, []);

  return { params, update, reload, patchItem, state };
}

export type LeadList<T extends { _id: string }> = ReturnType<typeof useLeadList<T>>;
