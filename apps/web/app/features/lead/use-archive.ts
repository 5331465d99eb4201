import { API_ENDPOINTS, ARCHIVE_TEXT } from "@agency/domain";
import { useState } from "react";
import { errorText } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { useDashboard } from "../../lib/dashboard-context";
import type { WorkView } from "../../lib/dashboard-views";
import { silentFailureText } from "../../lib/format";
import type { LeadRoute } from "./lead-routes";

interface ArchiveOptions {
  /** Whose leads: the kind's DELETE (it archives) and restore routes; null: nothing archives. */
  kind: WorkView | null;
  /** After an archive or a restore: reload the page of the list. */
  onChanged: () => void;
}

/**
 * Archive instead of delete (decision 0028): no confirmation, the item leaves the list at
 * once and a toast offers Undo (it stays until closed; focus is not moved to it). Restore
 * also works from the Archived filter for 30 days. Focus, which was on the removed item's
 * button, goes to the list's heading.
 */
export function useArchive(options: ArchiveOptions) {
  const { call } = useAuth();
  const endpoints = options.kind === null ? null : API_ENDPOINTS[options.kind];
  const { showToast } = useDashboard();
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(new Set());

  const setBusy = (id: string, isBusy: boolean) =>
    setBusyIds((ids) => {
      const next = new Set(ids);
      if (isBusy) next.add(id);
      else next.delete(id);
      return next;
    });

  async function restore(id: string, what: string) {
    if (endpoints === null) return;
    setBusy(id, true);
    const result = await call<LeadRoute<"restore">>(endpoints.restore, { params: { id } });
    setBusy(id, false);
    if (result.ok) {
      showToast(ARCHIVE_TEXT.restored(what));
      options.onChanged();
    } else {
      showToast(ARCHIVE_TEXT.restoreFailed(errorText(result, silentFailureText(result))), "error");
    }
  }

  async function archive(id: string, what: string) {
    if (endpoints === null) return;
    setBusy(id, true);
    const result = await call<LeadRoute<"delete">>(endpoints.delete, { params: { id } });
    setBusy(id, false);
    if (result.ok) {
      showToast(ARCHIVE_TEXT.archived(what), "success", {
        label: ARCHIVE_TEXT.undo,
        onAction: () => void restore(id, what),
      });
      options.onChanged();
      document.querySelector<HTMLElement>("[data-list-heading]")?.focus();
    } else {
      showToast(ARCHIVE_TEXT.archiveFailed(errorText(result, silentFailureText(result))), "error");
    }
  }

  return { archive, restore, isBusy: (id: string) => busyIds.has(id) };
}
