import { API_ENDPOINTS } from "@agency/domain";
import { useCallback, useEffect, useState } from "react";
import { type ApiResult, errorText } from "../../../lib/api";
import { type AuthContextValue, useAuth } from "../../../lib/auth";
import type { WorkView } from "../../../lib/dashboard-views";
import { silentFailureText } from "../../../lib/format";
import type { LeadRecordOf } from "../lead-routes";

type ReadOne<V extends WorkView> = (
  call: AuthContextValue["call"],
  id: string,
  signal: AbortSignal,
) => Promise<ApiResult<{ data: LeadRecordOf<V> }>>;

/** Each kind's `one` route, so a page of any kind reads its own record type. */
const READ_ONE: { [V in WorkView]: ReadOne<V> } = {
  quotes: (call, id, signal) => call(API_ENDPOINTS.quotes.one, { params: { id }, signal }),
  contacts: (call, id, signal) => call(API_ENDPOINTS.contacts.one, { params: { id }, signal }),
  appointments: (call, id, signal) =>
    call(API_ENDPOINTS.appointments.one, { params: { id }, signal }),
  service: (call, id, signal) => call(API_ENDPOINTS.service.one, { params: { id }, signal }),
};

export type LeadState<T> =
  | { phase: "loading" }
  | { phase: "ready"; lead: T }
  /** No lead of this kind has this id (a deleted lead, a mistyped or cut-off link). */
  | { phase: "missing" }
  | { phase: "error"; message: string };

/**
 * One lead, read from the server (the contract's `one` route of each kind); `patch`
 * applies a change the page made (a status) without reading it again.
 */
export function useLead<V extends WorkView>(view: V, id: string) {
  type T = LeadRecordOf<V>;
  const { call } = useAuth();
  const [state, setState] = useState<LeadState<T>>({ phase: "loading" });
  const [reloadCount, setReloadCount] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    void reloadCount;
    setState((current) => (current.phase === "ready" ? current : { phase: "loading" }));
    const readOne: ReadOne<V> = READ_ONE[view];
    readOne(call, id, controller.signal)
      .then((result) => {
        if (controller.signal.aborted) return;
        // 400: an id that cannot exist (the server checks its form) is as missing as 404.
        if (!result.ok && (result.status === 404 || result.status === 400)) {
          setState({ phase: "missing" });
        } else if (!result.ok) {
          setState({ phase: "error", message: errorText(result, silentFailureText(result)) });
        } else if (result.data?.data?._id === id) {
          setState({ phase: "ready", lead: result.data.data });
        } else {
          setState({ phase: "error", message: "Unexpected data format" });
        }
      })
      .catch(() => {
        // Aborted: another lead was opened.
      });
    return () => controller.abort();
  }, [call, view, id, reloadCount]);

  const reload = useCallback(() => setReloadCount((count) => count + 1), []);
  const patch = useCallback((change: Partial<T>) => {
    setState((current) =>
      current.phase === "ready"
        ? { phase: "ready", lead: { ...current.lead, ...change } }
        : current,
    );
  }, []);

  return { state, reload, patch };
}
