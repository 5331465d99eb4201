import {
  API_ENDPOINTS,
  can,
  formatPremium,
  LINE_OF_BUSINESS_LABELS,
  POLICY_ACTION_LABELS,
  POLICY_STATUS_LABELS,
  type PolicyAction,
  PolicyCancelSchema,
  type PolicyRecord,
  policyActionAllowed,
  RENEWAL_STATE_LABELS,
  todayInAgencyZone,
} from "@agency/domain";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { secondaryButtonClass } from "../../components/control-classes";
import { InputField, TextAreaField } from "../../components/form-controls";
import { PanelSubmit } from "../../components/panel-submit";
import { errorText } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { cn } from "../../lib/cn";
import { useDashboard } from "../../lib/dashboard-context";
import { formatFullDay, silentFailureText } from "../../lib/format";
import { EditPolicyForm } from "./edit-policy-form";
import { RenewForm } from "./renew-form";

/** Whether a term may be renewed: in force or lapsed, and not renewed yet (decision 0073). */
export const isRenewable = (policy: Pick<PolicyRecord, "status" | "renewalState">) =>
  (policy.status === "active" || policy.status === "expired") && policy.renewalState !== "renewed";

const STATUS_CLASS: Record<PolicyRecord["status"], string> = {
  active: "bg-green-100 text-green-900",
  cancelled: "bg-red-100 text-red-900",
  expired: "bg-slate-200 text-slate-800",
  "non-renewed": "bg-amber-100 text-amber-900",
  renewed: "bg-sky-100 text-sky-900",
};

/** A person's policies: carrier, line, number, dates, premium, status, and the moves each allows. */
export function PolicyList({
  policies,
  onChanged,
  onRenewed,
}: {
  policies: readonly PolicyRecord[];
  onChanged: (policy: PolicyRecord) => void;
  /** A term was renewed: the next one, and the term (now renewed) as the server has it. */
  onRenewed?: (next: PolicyRecord, renewedId: string) => void;
}) {
  return (
    <ul aria-label="Policies" className="space-y-3">
      {policies.map((policy) => (
        <PolicyItem
          key={policy._id}
          policy={policy}
          renews={policies.find((other) => other._id === policy.renewalOf)}
          onChanged={onChanged}
          onRenewed={onRenewed}
        />
      ))}
    </ul>
  );
}

function PolicyItem({
  policy,
  renews,
  onChanged,
  onRenewed,
}: {
  policy: PolicyRecord;
  /** The term this one renews, when the list has it. */
  renews: PolicyRecord | undefined;
  onChanged: (policy: PolicyRecord) => void;
  onRenewed: ((next: PolicyRecord, renewedId: string) => void) | undefined;
}) {
  const [isRenewing, setIsRenewing] = useState(false);
  const { call, user } = useAuth();
  const { showToast } = useDashboard();
  const [isCanceling, setIsCanceling] = useState(false);
  const [isEditing, setIsEditing] = useState(false);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  // Set when the edit form closes: the Edit button, rendered again, takes the focus back.
  const isEditClosing = useRef(false);
  useEffect(() => {
    if (isEditing || !isEditClosing.current) return;
    isEditClosing.current = false;
    editButtonRef.current?.focus();
  }, [isEditing]);
  const closeEdit = () => {
    isEditClosing.current = true;
    setIsEditing(false);
  };
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const line = LINE_OF_BUSINESS_LABELS[policy.lineOfBusiness];
  const name = `${line} policy ${policy.policyNumber}`;
  const mayWork = can(user, "leads.work");

  async function move(action: Exclude<PolicyAction, "cancel">) {
    if (isBusy) return;
    setIsBusy(true);
    setError(undefined);
    const params = { id: policy._id };
    const result =
      action === "reinstate"
        ? await call(API_ENDPOINTS.policies.reinstate, { params })
        : await call(API_ENDPOINTS.policies.nonRenew, { params });
    setIsBusy(false);
    if (result.ok) {
      onChanged(result.data.data);
      showToast(action === "reinstate" ? "Policy reinstated." : "Policy marked non-renewed.");
    } else {
      setError(errorText(result, silentFailureText(result)));
    }
  }

  return (
    <li className="rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold wrap-anywhere text-navy-900">
            {policy.carrier} · {line}
          </p>
          <p className="text-sm wrap-anywhere text-slate-700">No. {policy.policyNumber}</p>
        </div>
        <span
          className={cn(
            "rounded-full px-2 py-0.5 text-xs font-semibold",
            STATUS_CLASS[policy.status],
          )}
        >
          {POLICY_STATUS_LABELS[policy.status]}
        </span>
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        <div>
          <dt className="text-slate-600">Effective</dt>
          <dd className="text-slate-900">{formatFullDay(policy.effectiveDate)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Expires</dt>
          <dd className="text-slate-900">{formatFullDay(policy.expirationDate)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Annual premium</dt>
          <dd className="whitespace-nowrap text-slate-900 tabular-nums">
            {formatPremium(policy.annualPremiumCents)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Producer</dt>
          <dd className="wrap-anywhere text-slate-900">
            {policy.producer?.name ?? "A former staff member"}
          </dd>
        </div>
      </dl>
      {policy.renewalOf ? (
        <p className="mt-2 text-sm wrap-anywhere text-slate-800">
          Renewal of{" "}
          {renews
            ? `No. ${renews.policyNumber}, ${formatFullDay(renews.effectiveDate)} to ${formatFullDay(renews.expirationDate)}`
            : "an earlier term"}
        </p>
      ) : null}
      {policy.renewalState !== "not-started" && policy.renewalState !== "renewed" ? (
        <p className="mt-2 text-sm text-slate-800">
          Renewal: {RENEWAL_STATE_LABELS[policy.renewalState]}
        </p>
      ) : null}
      {policy.status === "cancelled" && policy.cancelDate ? (
        <p className="mt-2 text-sm wrap-anywhere text-slate-800">
          Canceled {formatFullDay(policy.cancelDate)}: {policy.cancelReason}
        </p>
      ) : null}
      {policy.notes ? (
        <p className="mt-2 text-sm wrap-anywhere whitespace-pre-line text-slate-800">
          {policy.notes}
        </p>
      ) : null}
      {mayWork ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {!isEditing ? (
            <button
              ref={editButtonRef}
              type="button"
              className={secondaryButtonClass}
              onClick={() => setIsEditing(true)}
            >
              Edit details<span className="sr-only"> of {name}</span>
            </button>
          ) : null}
          {onRenewed && isRenewable(policy) && !isRenewing ? (
            <button
              type="button"
              className={secondaryButtonClass}
              onClick={() => setIsRenewing(true)}
            >
              Renew<span className="sr-only"> {name}</span>
            </button>
          ) : null}
          {policyActionAllowed(policy.status, "cancel") && !isCanceling ? (
            <button
              type="button"
              className={secondaryButtonClass}
              onClick={() => setIsCanceling(true)}
            >
              {POLICY_ACTION_LABELS.cancel}
              <span className="sr-only"> {name}</span>
            </button>
          ) : null}
          {policyActionAllowed(policy.status, "non-renew") ? (
            <button
              type="button"
              className={secondaryButtonClass}
              disabled={isBusy}
              onClick={() => void move("non-renew")}
            >
              {POLICY_ACTION_LABELS["non-renew"]}
              <span className="sr-only"> {name}</span>
            </button>
          ) : null}
          {policyActionAllowed(policy.status, "reinstate") ? (
            <button
              type="button"
              className={secondaryButtonClass}
              disabled={isBusy}
              onClick={() => void move("reinstate")}
            >
              {POLICY_ACTION_LABELS.reinstate}
              <span className="sr-only"> {name}</span>
            </button>
          ) : null}
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      {isEditing ? (
        <EditPolicyForm
          policy={policy}
          name={name}
          onClose={closeEdit}
          onSaved={(changed) => {
            onChanged(changed);
            showToast("Policy updated.");
            closeEdit();
          }}
        />
      ) : null}
      {isRenewing && onRenewed ? (
        <RenewForm
          term={policy}
          onCancel={() => setIsRenewing(false)}
          onRenewed={(next) => {
            setIsRenewing(false);
            onRenewed(next, policy._id);
            showToast(`Policy ${next.policyNumber} renewed.`);
          }}
        />
      ) : null}
      {isCanceling ? (
        <CancelForm
          policy={policy}
          name={name}
          onClose={() => setIsCanceling(false)}
          onCanceled={(changed) => {
            setIsCanceling(false);
            onChanged(changed);
            showToast("Policy canceled.");
          }}
        />
      ) : null}
    </li>
  );
}

function CancelForm({
  policy,
  name,
  onClose,
  onCanceled,
}: {
  policy: PolicyRecord;
  name: string;
  onClose: () => void;
  onCanceled: (policy: PolicyRecord) => void;
}) {
  const { call } = useAuth();
  const base = useId();
  const [cancelDate, setCancelDate] = useState(todayInAgencyZone(new Date()));
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<{ cancelDate?: string; reason?: string }>({});
  const [formError, setFormError] = useState<string | undefined>();
  const [isBusy, setIsBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (isBusy) return;
    const body = { cancelDate, reason };
    const checked = PolicyCancelSchema.safeParse(body);
    if (!checked.success) {
      const found: { cancelDate?: string; reason?: string } = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0] === "cancelDate" ? "cancelDate" : "reason";
        found[field] ??= issue.message;
      }
      setErrors(found);
      document.getElementById(`${base}-${found.cancelDate ? "date" : "reason"}`)?.focus();
      return;
    }
    setIsBusy(true);
    setFormError(undefined);
    const result = await call(API_ENDPOINTS.policies.cancel, {
      params: { id: policy._id },
      body,
    });
    setIsBusy(false);
    if (result.ok) onCanceled(result.data.data);
    else
      setFormError(`The policy was not canceled: ${errorText(result, silentFailureText(result))}`);
  }

  return (
    <form
      aria-label={`Cancel ${name}`}
      className="mt-3 space-y-3 rounded-md bg-white p-3 ring-1 ring-slate-200"
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <InputField
        id={`${base}-date`}
        label="Cancellation date"
        type="date"
        value={cancelDate}
        error={errors.cancelDate}
        onValueChange={(value) => {
          setCancelDate(value);
          setErrors({ ...errors, cancelDate: undefined });
        }}
      />
      <TextAreaField
        id={`${base}-reason`}
        label="Reason"
        rows={2}
        value={reason}
        maxLength={500}
        error={errors.reason}
        onValueChange={(value) => {
          setReason(value);
          setErrors({ ...errors, reason: undefined });
        }}
      />
      <div className="flex flex-wrap items-end gap-3">
        <PanelSubmit
          error={formError}
          isBusy={isBusy}
          label="Cancel policy"
          busyLabel="Canceling…"
          context={`: ${name}`}
        />
        <button type="button" className={secondaryButtonClass} onClick={onClose}>
          Keep it<span className="sr-only">: {name}</span>
        </button>
      </div>
    </form>
  );
}
