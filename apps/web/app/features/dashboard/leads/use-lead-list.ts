import type { ListQuery } from "@agency/domain";
import { useCallback, useEffect, useRef, useState } from "react";
import type { ApiFailure } from "../../../lib/api";
import { useAuth } from "../../../lib/auth";

export const PAGE_SIZE = 25;

/**
 * The list state the dashboard keeps; each is a field of the contract's ListQuery (the
 * server's query string), so a renamed or dropped parameter fails type-checking here.
 */
export type ListParams = {
  q: NonNullable<ListQuery["q"]>;
  sort: NonNullable<ListQuery["sort"]>;
  status: NonNullable<ListQuery["status"]>;
  offset: NonNullable<ListQuery["offset"]>;
  /** When the lead arrived: a preset, or a custom range of Central days (inclusive). */
  received?: NonNullable<ListQuery["received"]> | "";
  from?: NonNullable<ListQuery["from"]>;
  to?: NonNullable<ListQuery["to"]>;
  /** "true": the Archived filter (only archived leads). */
  archived?: NonNullable<ListQuery["archived"]> | "";
};

/** What Clear Search resets: the search and every filter, not the sort. */
export const CLEARED_FILTERS = {
  q: "",
  status: "",
  received: "",
  from: "",
  to: "",
  archived: "",
} as const;

/** True when the list shows only some leads (a search or a filter is on). */
export function hasFilters(params: Partial<ListParams>): boolean {
  return Boolean(
    params.q?.trim() ||
      params.status ||
      params.received ||
      params.from ||
      params.to ||
      params.archived === "true",
  );
}

export type ListState<T> =
  | { phase: "loading"; items: T[]; total: number }
  | { phase: "ready"; items: T[]; total: number }
  | { phase: "error"; items: T[]; total: number; failure: ApiFailure | null; reason: string };

interface LeadListOptions<T> {
  /** The list endpoint, e.g. /api/auto-quotes/get-all-auto-quotes. */
  path: string;
  /** Reads the items out of the response (each list has the spec's own shape). */
  pick: (body: unknown) => T[] | undefined;
  initial: Omit<ListParams, "offset">;
}

/** The query string of a list request or an export (which has no paging). */
export function listQuery(params: Partial<ListParams>, paged: boolean): string {
  const search = new URLSearchParams();
  if (paged) {
    search.set("limit", String(PAGE_SIZE));
    search.set("offset", String(params.offset ?? 0));
  }
  if (params.q?.trim()) search.set("q", params.q.trim());
  if (params.sort) search.set("sort", params.sort);
  if (params.status) search.set("status", params.status);
  if (params.received) search.set("received", params.received);
  if (params.from) search.set("from", params.from);
  if (params.to) search.set("to", params.to);
  if (params.archived === "true") search.set("archived", "true");
  return search.toString();
}

/**
 * One page of a lead list, searched, sorted and filtered on the server (the dashboard
 * stays fast at 10,000 records). The previous page stays on screen while the next loads;
 * an answer that arrives after a newer request is dropped.
 */
export function useLeadList<T extends { _id: string }>({
  path,
  pick,
  initial,
}: LeadListOptions<T>) {
  const { request } = useAuth();
  const [params, setParams] = useState<ListParams>({ ...initial, offset: 0 });
  const [reloadCount, setReloadCount] = useState(0);
  const [state, setState] = useState<ListState<T>>({ phase: "loading", items: [], total: 0 });
  const pickRef = useRef(pick);
  pickRef.current = pick;

  useEffect(() => {
    const controller = new AbortController();
    // reloadCount is read so that Try Again and a delete fetch the same page again.
    void reloadCount;
    setState((previous) => ({ phase: "loading", items: previous.items, total: previous.total }));
    request<{ total?: unknown }>("GET", `${path}?${listQuery(params, true)}`, {
      signal: controller.signal,
    })
      .then((result) => {
        if (controller.signal.aborted) return;
        if (!result.ok) {
          setState({ phase: "error", items: [], total: 0, failure: result, reason: "" });
          return;
        }
        const items = pickRef.current(result.data);
        if (!items) {
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
        // A delete can empty the last page: step back to the page that still has items.
        if (items.length === 0 && params.offset > 0 && total > 0) {
          setParams((current) => ({
            ...current,
            offset: Math.max(0, Math.floor((total - 1) / PAGE_SIZE) * PAGE_SIZE),
          }));
          return;
        }
        setState({ phase: "ready", items, total });
      })
      .catch(() => {
        // Aborted: a newer request owns the state.
      });
    return () => controller.abort();
  }, [request, path, params, reloadCount]);

  const update = useCallback((change: Partial<ListParams>) => {
    setParams((current) => ({ ...current, offset: 0, ...change }));
  }, []);
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
