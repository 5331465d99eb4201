import { LEAD_STATUS_LABELS, SERVICE_STATUS_LABELS } from "@agency/domain";

/** Every status a worked record can have, by value: the leads' and the service requests'. */
const STATUS_LABELS: Readonly<Record<string, string>> = {
  ...SERVICE_STATUS_LABELS,
  ...LEAD_STATUS_LABELS,
};

/** How a status reads ("waiting-on-carrier" → "Waiting on carrier"); an unknown one as it is. */
export function statusLabel(status: string): string {
  return Object.hasOwn(STATUS_LABELS, status) ? (STATUS_LABELS[status] ?? status) : status;
}
