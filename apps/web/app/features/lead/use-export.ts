import { API_ENDPOINTS } from "@agency/domain";
import { useState } from "react";
import { useAuth } from "../../lib/auth";
import { useDashboard } from "../../lib/dashboard-context";
import type { WorkView } from "../../lib/dashboard-views";
import { type ListParams, listQuery } from "./use-lead-list";

/** CSV export of the filtered list (same search, sort and filters; every page). */
export function useExport(kind: WorkView | "people", params: ListParams) {
  const { download } = useAuth();
  const { showToast } = useDashboard();
  const [isExporting, setIsExporting] = useState(false);

  async function exportCsv() {
    setIsExporting(true);
    const ok = await download(API_ENDPOINTS[kind].export, { query: listQuery(params, false) });
    setIsExporting(false);
    if (!ok) showToast("The export failed. Please try again.", "error");
  }

  return { exportCsv: () => void exportCsv(), isExporting };
}
