import type { NotificationItemType } from "@agency/domain";
import { useEffect, useState } from "react";
import type { LeadView } from "../../lib/dashboard-views";
import { onNewLeads } from "../../lib/notification-events";
import { secondaryButtonClass } from "./list-controls";

const KIND_OF: Record<LeadView, NotificationItemType> = {
  quotes: "quote",
  contacts: "contact",
  appointments: "appointment",
};

/**
 * Says, the moment the dashboard's poll sees one (use-new-lead-watch.ts), that a lead of
 * this list's kind has arrived, with a button that shows it. The list is not reloaded
 * under the reader's eyes: rows would jump while they read or click. The live region is
 * always in the page, so the sentence is read out when it appears.
 */
export function NewLeadsNotice({
  view,
  noun,
  onShow,
}: {
  view: LeadView;
  /** What arrived: "quotes", "messages". */
  noun: string;
  onShow: () => void;
}) {
  const [hasArrived, setHasArrived] = useState(false);
  useEffect(
    () =>
      onNewLeads((kinds) => {
        if (kinds.includes(KIND_OF[view])) setHasArrived(true);
      }),
    [view],
  );

  return (
    <div aria-live="polite">
      {hasArrived ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-brand-50 px-4 py-3 text-sm text-navy-900 ring-1 ring-brand-200">
          <p>New {noun} have arrived.</p>
          <button
            type="button"
            className={secondaryButtonClass}
            onClick={() => {
              setHasArrived(false);
              onShow();
            }}
          >
            Show new {noun}
          </button>
        </div>
      ) : null}
    </div>
  );
}
