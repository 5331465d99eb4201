import { AGENCY } from "../agency.ts";

/**
 * Client Center (issue 29, decision 0077): what an existing client can ask the agency for.
 * The value is what the address (`?kind=`), the API and the database hold.
 */
export const SERVICE_KINDS = [
  { value: "claim", label: "Claim notice", title: "Report a claim" },
  { value: "id-cards", label: "ID cards", title: "Request ID cards" },
  { value: "policy-change", label: "Policy change", title: "Request a policy change" },
  {
    value: "certificate",
    label: "Certificate of insurance",
    title: "Request a certificate of insurance",
  },
  { value: "other", label: "Something else", title: "Something else" },
] as const;
export type ServiceKind = (typeof SERVICE_KINDS)[number]["value"];
export const SERVICE_KIND_VALUES: readonly ServiceKind[] = SERVICE_KINDS.map((kind) => kind.value);
export const SERVICE_KIND_LABELS = Object.fromEntries(
  SERVICE_KINDS.map((kind) => [kind.value, kind.label]),
) as Record<ServiceKind, string>;

/** Where a request stands in the service pipeline; every request starts "new". */
export const SERVICE_STATUSES = [
  "new",
  "in-progress",
  "waiting-on-carrier",
  "waiting-on-client",
  "done",
] as const;
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];
export const SERVICE_STATUS_LABELS: Record<ServiceStatus, string> = {
  new: "New",
  "in-progress": "In progress",
  "waiting-on-carrier": "Waiting on carrier",
  "waiting-on-client": "Waiting on client",
  done: "Done",
};
/** Still to be worked: counts as due or overdue while its due date has come. */
export function isOpenServiceStatus(status: string): boolean {
  return status !== "done";
}

/** What a policy change request is about. */
export const POLICY_CHANGE_TYPES = [
  { value: "add-vehicle", label: "Add a vehicle" },
  { value: "replace-vehicle", label: "Replace a vehicle" },
  { value: "remove-vehicle", label: "Remove a vehicle" },
  { value: "add-driver", label: "Add a driver" },
  { value: "remove-driver", label: "Remove a driver" },
  { value: "address", label: "Address change" },
  { value: "coverage", label: "Coverage change" },
  { value: "other", label: "Other" },
] as const;
export type PolicyChangeType = (typeof POLICY_CHANGE_TYPES)[number]["value"];
export const POLICY_CHANGE_TYPE_VALUES: readonly PolicyChangeType[] = POLICY_CHANGE_TYPES.map(
  (type) => type.value,
);

/** Whether anyone was hurt in a loss. */
export const INJURY_ANSWERS = [
  { value: "no", label: "No" },
  { value: "yes", label: "Yes" },
  { value: "not-sure", label: "Not sure" },
] as const;
export type InjuryAnswer = (typeof INJURY_ANSWERS)[number]["value"];
export const INJURY_ANSWER_VALUES: readonly InjuryAnswer[] = INJURY_ANSWERS.map((a) => a.value);

/** The carrier choice for a client who does not know which company insures them. */
export const NOT_SURE_CARRIER = "Not sure";

/** The carriers a request may name: the profile's, then "Not sure". */
export function serviceCarrierChoices(
  carriers: readonly { name: string }[] = AGENCY.carriers,
): string[] {
  return [...carriers.map((carrier) => carrier.name), NOT_SURE_CARRIER];
}

/** Business days from arrival to "due by" unless Settings say otherwise (issue 29 §2). */
export const DEFAULT_SERVICE_DUE_DAYS = 1;
/** The range Settings accept for the due-by rule. */
export const SERVICE_DUE_DAYS_RANGE = { min: 1, max: 10 } as const;
