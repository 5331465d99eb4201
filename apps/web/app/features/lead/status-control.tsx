import { API_ENDPOINTS, daysInStatus, lostReasonText, type StatusChange } from "@agency/domain";
import { useId, useState } from "react";
import { errorText } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { cn } from "../../lib/cn";
import { useDashboard } from "../../lib/dashboard-context";
import type { WorkView } from "../../lib/dashboard-views";
import { formatDateTime, plural, silentFailureText } from "../../lib/format";
import type { LeadRoute } from "./lead-routes";
import { inputClass } from "./list-controls";
import { type LostChoice, LostReasonDialog } from "./lost-reason-dialog";
import { statusLabel } from "./status-label";

/** What a status change answers: the status, since when, and the lost reason (or nulls). */
export type StatusChanged = {
  status: string;
  statusChangedAt: string;
  lostReason: string | null;
  lostDetail: string | null;
};

const statusTone: Record<string, string> = {
  new: "bg-brand-100 text-brand-800",
  contacted: "bg-amber-100 text-amber-900",
  quoted: "bg-violet-100 text-violet-900",
  booked: "bg-violet-100 text-violet-900",
  won: "bg-emerald-100 text-emerald-900",
  lost: "bg-slate-200 text-slate-800",
  "no-show": "bg-red-100 text-red-900",
  // Called off: the record stays, the time is free again (decision 0033).
  cancelled: "bg-orange-100 text-orange-900",
  rescheduled: "bg-sky-100 text-sky-900",
  // A service request's (issue 29 §2).
  "in-progress": "bg-amber-100 text-amber-900",
  "waiting-on-carrier": "bg-violet-100 text-violet-900",
  "waiting-on-client": "bg-sky-100 text-sky-900",
  done: "bg-emerald-100 text-emerald-900",
};

export { statusLabel };

export function StatusPill({ status }: { status: string }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold",
        statusTone[status] ?? "bg-slate-200 text-slate-800",
      )}
    >
      {statusLabel(status)}
    </span>
  );
}

export function daysInStatusText(statusChangedAt: string): string {
  return `${plural(daysInStatus(statusChangedAt), "day")} in status`;
}

interface StatusControlProps {
  /** The kind's statuses (a lead's, or a service request's). */
  statuses: readonly string[];
  status: string;
  statusChangedAt: string;
  /** Whose lead: the kind's status route (PATCH) for this id. */
  view: WorkView;
  id: string;
  /** Whose lead, for the select's accessible name. */
  owner: string;
  /** In a table (the column header names it): no visible label, days under the select. */
  compact?: boolean;
  /** Why it was lost, shown while the status is "lost". */
  lostReason?: string | null;
  lostDetail?: string | null;
  onChanged: (change: StatusChanged) => void;
}

/** Where a lead stands, changed in place, with how long it has been there. */
export function StatusControl({
  statuses,
  status,
  statusChangedAt,
  view,
  id,
  owner,
  onChanged,
  compact = false,
  lostReason = null,
  lostDetail = null,
}: StatusControlProps) {
  const { call } = useAuth();
  const { showToast } = useDashboard();
  const [isSaving, setIsSaving] = useState(false);
  const [isAskingWhyLost, setIsAskingWhyLost] = useState(false);
  const selectId = useId();
  const daysId = useId();

  async function send(body: StatusChange) {
    setIsSaving(true);
    const result = await call<LeadRoute<"status">>(API_ENDPOINTS[view].status, {
      params: { id },
      body,
    });
    setIsSaving(false);
    if (result.ok) {
      onChanged(result.data.data);
      showToast(`Status changed to ${statusLabel(body.status)}.`);
    }
    return result;
  }

  async function change(next: string) {
    // "Lost" asks why first; the select keeps the current status until that is saved.
    if (next === "lost") return setIsAskingWhyLost(true);
    const result = await send({ status: next });
    if (!result.ok)
      showToast(
        `Failed to change the status: ${errorText(result, silentFailureText(result))}`,
        "error",
      );
  }

  async function markLost(choice: LostChoice) {
    const result = await send({
      status: "lost",
      lostReason: choice.lostReason,
      lostDetail: choice.lostDetail || null,
    });
    if (!result.ok) return result;
    setIsAskingWhyLost(false);
    return null;
  }

  return (
    <div className={cn("flex gap-x-3 gap-y-1", compact ? "flex-col" : "flex-wrap items-end")}>
      <div>
        <label
          htmlFor={selectId}
          className={compact ? "sr-only" : "mb-1 block text-sm font-semibold text-navy-900"}
        >
          Status<span className="sr-only"> of {owner}</span>
        </label>
        <select
          id={selectId}
          value={status}
          disabled={isSaving}
          aria-describedby={daysId}
          onChange={(event) => void change(event.target.value)}
          className={cn(inputClass, "w-auto min-w-36 cursor-pointer pr-8 text-sm")}
        >
          {statuses.map((option) => (
            <option key={option} value={option}>
              {statusLabel(option)}
            </option>
          ))}
          {statuses.includes(status) ? null : <option value={status}>{statusLabel(status)}</option>}
        </select>
      </div>
      <p id={daysId} className={cn("text-sm text-slate-700", !compact && "pb-2.5")}>
        <span title={`Since ${formatDateTime(statusChangedAt)}`}>
          {daysInStatusText(statusChangedAt)}
        </span>
        {status === "lost" && lostReason ? (
          <span className="block max-w-72 wrap-anywhere">
            Lost: {lostReasonText(lostReason, lostDetail)}
          </span>
        ) : null}
      </p>
      {isAskingWhyLost ? (
        <LostReasonDialog
          owner={owner}
          onSubmit={markLost}
          onCancel={() => setIsAskingWhyLost(false)}
        />
      ) : null}
    </div>
  );
}
