import {
  PRIVACY_REQUEST_KIND_LABELS,
  PRIVACY_REQUEST_STATUS_LABELS,
  type PrivacyRequestKind,
  type PrivacyRequestStatus,
} from "@agency/domain";
import { formatFullDay } from "../../lib/format";

export function privacyKindLabel(kind: string): string {
  return PRIVACY_REQUEST_KIND_LABELS[kind as PrivacyRequestKind] ?? kind;
}

export function privacyStatusLabel(status: string): string {
  return PRIVACY_REQUEST_STATUS_LABELS[status as PrivacyRequestStatus] ?? status;
}

/** The due date, and "Overdue" in words (never by color alone) while it is past and open. */
export function PrivacyDueDate({ dueOn, overdue }: { dueOn: string; overdue: boolean }) {
  return (
    <span className={overdue ? "font-semibold text-red-800" : undefined}>
      {formatFullDay(dueOn)}
      {overdue ? (
        <span className="ml-2 inline-block rounded bg-red-100 px-1.5 py-0.5 text-xs font-bold tracking-wide text-red-900 uppercase">
          Overdue
        </span>
      ) : null}
    </span>
  );
}
