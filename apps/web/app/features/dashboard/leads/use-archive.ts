import { API_ENDPOINTS, ARCHIVE_TEXT } from "@agency/domain";
import { useState } from "react";
import type { ApiResult } from "../../../lib/api";
import { type AuthContextValue, useAuth } from "../../../lib/auth";
import { useDashboard } from "../dashboard-context";
import { failureReason } from "../format";
import type { LeadView } from "../views";

type LeadCall = (call: AuthContextValue["call"], id: string) => Promise<ApiResult<unknown>>;

/** Each kind's archive (its DELETE) and restore routes, typed by their definitions. */
const ARCHIVE_CALLS: Record<LeadView, { archive: LeadCall; restore: LeadCall }> = {
  quotes: {
    archive: (call, id) => call(API_ENDPOINTS.quotes.delete, { params: { id } }),
    restore: (call, id) => call(API_ENDPOINTS.quotes.restore, { params: { id } }),
  },
  contacts: {
    archive: (call, id) => call(API_ENDPOINTS.contacts.delete, { params: { id } }),
    restore: (call, id) => call(API_ENDPOINTS.contacts.restore, { params: { id } }),
  },
  appointments: {
    archive: (call, id) => call(API_ENDPOINTS.appointments.delete, { params: { id } }),
    restore: (call, id) => call(API_ENDPOINTS.appointments.restore, { params: { id } }),
  },
};

interface ArchiveOptions {
  /** Whose leads: the kind's DELETE (it archives) and restore routes. */
  kind: LeadView;
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
  const calls = ARCHIVE_CALLS[options.kind];
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
    setBusy(id, true);
    const result = await calls.restore(call, id);
    setBusy(id, false);
    if (result.ok) {
      showToast(ARCHIVE_TEXT.restored(what));
      options.onChanged();
    } else {
      showToast(ARCHIVE_TEXT.restoreFailed(failureReason(result)), "error");
    }
  }

  async function archive(id: string, what: string) {
    setBusy(id, true);
    const result = await calls.archive(call, id);
    setBusy(id, false);
    if (result.ok) {
      showToast(ARCHIVE_TEXT.archived(what), "success", {
        label: ARCHIVE_TEXT.undo,
        onAction: () => void restore(id, what),
      });
      options.onChanged();
      document.querySelector<HTMLElement>("[data-list-heading]")?.focus();
    } else {
      showToast(ARCHIVE_TEXT.archiveFailed(failureReason(result)), "error");
    }
  }

  return { archive, restore, isBusy: (id: string) => busyIds.has(id) };
}
