import { useCallback, useEffect, useState } from "react";
import { errorText } from "../../../lib/api";
import { useAuth } from "../../../lib/auth";
import { silentFailureText } from "../format";
import { LEAD_VIEWS, type LeadView } from "../views";

export type LeadState<T> =
  | { phase: "loading" }
  | { phase: "ready"; lead: T }
  /** No lead of this kind has this id (a deleted lead, a mistyped or cut-off link). */
  | { phase: "missing" }
  | { phase: "error"; message: string };

/**
 * One lead, read from the server (`GET <api>/:id`, the contract's `one` route of each
 * kind); `patch` applies a change the page made (a status) without reading it again.
 */
export function useLead<T extends { _id: string }>(view: LeadView, id: string) {
  const { request } = useAuth();
  const [state, setState] = useState<LeadState<T>>({ phase: "loading" });
  const [reloadCount, setReloadCount] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    void reloadCount;
    setState((current) => (current.phase === "ready" ? current : { phase: "loading" }));
    request<{ data?: T }>("GET", `${LEAD_VIEWS[view].api}/${encodeURIComponent(id)}`, {
      signal: controller.signal,
    })
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
  }, [request, view, id, reloadCount]);

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
