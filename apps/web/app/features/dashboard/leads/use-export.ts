import { useState } from "react";
import { useAuth } from "../../../lib/auth";
import { useDashboard } from "../dashboard-context";
import { type ListParams, listQuery } from "./use-lead-list";

/** CSV export of the filtered list (same q, sort and status; every page). */
export function useExport(path: string, params: ListParams) {
  const { download } = useAuth();
  const { showToast } = useDashboard();
  const [isExporting, setIsExporting] = useState(false);

  async function exportCsv() {
    setIsExporting(true);
    const query = listQuery(params, false);
    const ok = await download({ path }, { query: Object.fromEntries(new URLSearchParams(query)) });
    setIsExporting(false);
    if (!ok) showToast("The export failed. Please try again.", "error");
  }

  return { exportCsv: () => void exportCsv(), isExporting };
}
