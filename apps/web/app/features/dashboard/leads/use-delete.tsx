import { useState } from "react";
import type { ApiFailure } from "../../../lib/api";
import { useAuth } from "../../../lib/auth";
import { ConfirmDialog } from "../confirm-dialog";
import { useDashboard } from "../dashboard-context";

interface DeleteOptions {
  /** DELETE endpoint of one record. */
  pathOf: (id: string) => string;
  title: string;
  confirmMessage: string;
  successMessage: string;
  failureMessage: (failure: ApiFailure) => string;
  /** After a delete: reload the page of the list. */
  onDeleted: () => void;
}

/**
 * Delete with a confirmation dialog and a busy state per item (spec section 4): the item
 * stays, marked busy, until the server answers; then the list reloads.
 */
export function useDelete(options: DeleteOptions) {
  const { request } = useAuth();
  const { showToast } = useDashboard();
  const [pendingId, setPendingId] = useState<string | null>(null);
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(new Set());

  async function remove(id: string) {
    setPendingId(null);
    setBusyIds((ids) => new Set(ids).add(id));
    const result = await request("DELETE", options.pathOf(id));
    setBusyIds((ids) => {
      const next = new Set(ids);
      next.delete(id);
      return next;
    });
    if (result.ok) {
      showToast(options.successMessage);
      options.onDeleted();
    } else {
      showToast(options.failureMessage(result), "error");
    }
  }

  const dialog =
    pendingId === null ? null : (
      <ConfirmDialog
        title={options.title}
        message={options.confirmMessage}
        confirmLabel="Delete"
        onConfirm={() => void remove(pendingId)}
        onCancel={() => setPendingId(null)}
      />
    );

  return { ask: setPendingId, isBusy: (id: string) => busyIds.has(id), dialog };
}
