import { API_ENDPOINTS, type Report, type ReportPreset } from "@agency/domain";
import { useCallback, useEffect, useState } from "react";
import type { ApiFailure } from "../../lib/api";
import { useAuth } from "../../lib/auth";

/** A preset, or a custom range of Central days. */
export type ReportPeriod = { preset: ReportPreset } | { from: string; to: string };

export type ReportState =
  | { phase: "loading"; report: Report | null }
  | { phase: "ready"; report: Report }
  | { phase: "error"; report: Report | null; failure: ApiFailure };

const broken = (status: number): ApiFailure => ({
  ok: false,
  status,
  error: undefined,
  message: undefined,
  errors: [],
  retryAfterSeconds: undefined,
});

/** The report of a period: reloaded whenever the period changes. */
export function useReport(period: ReportPeriod) {
  const { call } = useAuth();
  const [state, setState] = useState<ReportState>({ phase: "loading", report: null });
  const key = JSON.stringify(period);

  const load = useCallback(
    async (signal?: AbortSignal) => {
      const query = JSON.parse(key) as ReportPeriod;
      setState((current) => ({ phase: "loading", report: current.report }));
      try {
        const result = await call(API_ENDPOINTS.reports.figures, {
          query,
          ...(signal ? { signal } : {}),
        });
        if (result.ok && result.data?.success === true && result.data.data) {
          setState({ phase: "ready", report: result.data.data });
        } else {
          setState((current) => ({
            phase: "error",
            report: current.report,
            failure: result.ok ? broken(result.status) : result,
          }));
        }
      } catch {
        // Aborted: the period changed or the view was left.
      }
    },
    [call, key],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  return { state, reload: () => load() };
}
