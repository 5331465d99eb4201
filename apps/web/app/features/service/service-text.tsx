import {
  INJURY_ANSWERS,
  isCalendarDate,
  isOpenServiceStatus,
  POLICY_CHANGE_TYPES,
  SERVICE_DETAIL_LABELS,
  SERVICE_KIND_LABELS,
  type ServiceKind,
  type ServiceRecord,
  serviceDueState,
  todayInAgencyZone,
} from "@agency/domain";
import { cn } from "../../lib/cn";
import { formatFullDay } from "../../lib/format";

/** "Claim notice" for "claim"; a kind this app does not know, as stored. */
export function serviceKindLabel(kind: string): string {
  return Object.hasOwn(SERVICE_KIND_LABELS, kind) ? SERVICE_KIND_LABELS[kind as ServiceKind] : kind;
}

/** The fields whose value is an option's value, shown by the option's label. */
const OPTION_LABELS: Record<string, readonly { value: string; label: string }[]> = {
  changeType: POLICY_CHANGE_TYPES,
  injuries: INJURY_ANSWERS,
};

/**
 * A kind's own field as staff read it: its label, an option's label for its value, and a
 * date ("2026-11-27", a date of loss or an effective date) as "Nov 27, 2026".
 */
export function serviceDetail(field: string, value: string): { label: string; value: string } {
  const options = OPTION_LABELS[field];
  const shown = options?.find((option) => option.value === value)?.label ?? value;
  return {
    label: SERVICE_DETAIL_LABELS[field] ?? field,
    value: isCalendarDate(shown) ? formatFullDay(shown) : shown,
  };
}

/** The policy a request names: "Acme Mutual · AU-123", or what there is of it. */
export function policyText(request: Pick<ServiceRecord, "carrier" | "policyNumber">): string {
  return [request.carrier, request.policyNumber].filter((part) => part.trim() !== "").join(" · ");
}

const DUE_LOOK = {
  overdue: { text: "Overdue", look: "bg-red-100 text-red-900" },
  "due-today": { text: "Due today", look: "bg-amber-100 text-amber-900" },
} as const;

/**
 * When a request is due (a Central day) and, while it is still open, whether that day has
 * come (today in Central time, as the agency's calendar has it).
 */
export function DueBy({
  dueOn,
  status,
  now = new Date(),
}: {
  dueOn: string;
  status: string;
  now?: Date;
}) {
  const state = isOpenServiceStatus(status) ? serviceDueState(dueOn, todayInAgencyZone(now)) : null;
  const badge = state === "overdue" || state === "due-today" ? DUE_LOOK[state] : null;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      <time dateTime={dueOn} className="whitespace-nowrap">
        {formatFullDay(dueOn)}
      </time>
      {badge ? (
        <span
          className={cn(
            "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold",
            badge.look,
          )}
        >
          {badge.text}
        </span>
      ) : null}
    </span>
  );
}
