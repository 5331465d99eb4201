import { isLeadUntouched } from "@agency/domain";
import { formatDateTime } from "../../lib/format";

/**
 * Beside a lead's status in a list: when its next task is due (red once overdue), or, when
 * it has none and nobody has decided anything a business day after it came in, "Untouched"
 * (issue 27 §2, decision 0067).
 */
export function NextTaskNote({
  lead,
  now = new Date(),
}: {
  lead: { status: string; createdAt: string; nextTaskAt: string | null };
  now?: Date;
}) {
  if (lead.nextTaskAt) {
    const isOverdue = new Date(lead.nextTaskAt).getTime() < now.getTime();
    return (
      <span
        className={
          isOverdue
            ? "inline-flex items-center rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900"
            : "inline-flex items-center rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800"
        }
      >
        {isOverdue ? "Task overdue" : "Next task"}:{" "}
        <time dateTime={lead.nextTaskAt} className="ml-1">
          {formatDateTime(lead.nextTaskAt)}
        </time>
      </span>
    );
  }
  if (isLeadUntouched({ ...lead, hasOpenTask: false }, now)) {
    return (
      <span
        title="No task and no decision a business day after it came in"
        className="inline-flex items-center rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900"
      >
        Untouched
      </span>
    );
  }
  return null;
}
