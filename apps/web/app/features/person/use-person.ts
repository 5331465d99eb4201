import { API_ENDPOINTS, type Household, type Person, type PersonPage } from "@agency/domain";
import { useCallback, useEffect, useState } from "react";
import { errorText } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { silentFailureText } from "../../lib/format";

export type PersonState =
  | { phase: "loading" }
  | { phase: "ready"; page: PersonPage }
  /** No person has this id (merged away, a mistyped or cut-off link). */
  | { phase: "missing" }
  | { phase: "error"; message: string };

/**
 * One person, their timeline and household (GET /api/people/:id); `setPerson` and
 * `setHousehold` apply a saved change without reading the page again.
 */
export function usePerson(id: string) {
  const { call } = useAuth();
  const [state, setState] = useState<PersonState>({ phase: "loading" });
  const [reloadCount, setReloadCount] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    void reloadCount;
    setState((current) => (current.phase === "ready" ? current : { phase: "loading" }));
    call(API_ENDPOINTS.people.one, { params: { id }, signal: controller.signal })
      .then((result) => {
        if (controller.signal.aborted) return;
        // 400: an id that cannot exist (the server checks its form) is as missing as 404.
        if (!result.ok && (result.status === 404 || result.status === 400)) {
          setState({ phase: "missing" });
        } else if (!result.ok) {
          setState({ phase: "error", message: errorText(result, silentFailureText(result)) });
        } else if (
          result.data?.data?.person?._id === id &&
          Array.isArray(result.data.data.timeline)
        ) {
          setState({ phase: "ready", page: result.data.data });
        } else {
          setState({ phase: "error", message: "Unexpected data format" });
        }
      })
      .catch(() => {
        // Aborted: another person was opened.
      });
    return () => controller.abort();
  }, [call, id, reloadCount]);

  const reload = useCallback(() => setReloadCount((count) => count + 1), []);
  const setPerson = useCallback((person: Person) => {
    setState((current) =>
      current.phase === "ready" ? { phase: "ready", page: { ...current.page, person } } : current,
    );
  }, []);

  const setHousehold = useCallback((household: Household | null) => {
    setState((current) =>
      current.phase === "ready"
        ? { phase: "ready", page: { ...current.page, household } }
        : current,
    );
  }, []);

  return { state, reload, setPerson, setHousehold };
}
