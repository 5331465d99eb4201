import {
  API_ENDPOINTS,
  type IssuePolicyInput,
  IssuePolicySchema,
  type LineOfBusiness,
  POLICY_MESSAGES,
  type PolicyLeadKind,
  type PolicyRecord,
  policyExpiration,
  todayInAgencyZone,
} from "@agency/domain";
import { type FormEvent, useId, useRef, useState } from "react";
import { secondaryButtonClass } from "../../components/control-classes";
import { PanelSubmit } from "../../components/panel-submit";
import { errorText } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { silentFailureText } from "../../lib/format";
import { useFormSubmission } from "../../lib/use-form-submission";
import { useAssignableStaff } from "../../lib/use-staff";
import {
  nextPolicyValues,
  OTHER_CARRIER,
  POLICY_FORM_FIELDS,
  PolicyFields,
  type PolicyFormField,
  type PolicyFormValues,
  PROFILE_CARRIERS,
  policyFieldOf,
} from "./policy-fields";

/** Whose policy: the lead it is issued from, or the person. */
export type PolicySource = { lead: { kind: PolicyLeadKind; id: string } } | { personId: string };

type Field = PolicyFormField;

/**
 * Issuing a policy (issue 28 §1): the carrier from the agency profile or another by name,
 * the line, the number, the effective date and term (the expiration follows them until it
 * is edited), the annual premium in dollars and cents, the producing agent (the signed-in
 * one by default) and notes. Checked with the server's own rules before it is sent.
 */
export function IssuePolicyForm({
  source,
  owner,
  defaultLine = "auto",
  onIssued,
  onCancel,
}: {
  source: PolicySource;
  /** Whose policy it is, for accessible names ("Ann Tester"). */
  owner: string;
  defaultLine?: LineOfBusiness;
  onIssued: (policy: PolicyRecord) => void;
  onCancel: () => void;
}) {
  const { call, user } = useAuth();
  const staff = useAssignableStaff();
  const myId = user?._id ?? "";
  const [values, setValues] = useState<PolicyFormValues>(() => {
    const effective = todayInAgencyZone(new Date());
    return {
      carrier: PROFILE_CARRIERS[0] ?? OTHER_CARRIER,
      otherCarrier: "",
      lineOfBusiness: defaultLine,
      policyNumber: "",
      effectiveDate: effective,
      termMonths: "12",
      expirationDate: policyExpiration(effective, 12),
      annualPremium: "",
      producerId: myId,
      notes: "",
    };
  });
  const [isExpirationEdited, setIsExpirationEdited] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | undefined>();
  const [isBusy, setIsBusy] = useState(false);
  const submission = useFormSubmission<Field>();
  const formRef = useRef<HTMLFormElement>(null);
  const base = useId();
  const idOf = (field: Field) => `${base}-${field}`;

  function set(field: Field, value: string) {
    setValues((current) => nextPolicyValues(current, field, value, isExpirationEdited));
    if (field === "expirationDate") setIsExpirationEdited(true);
    if (errors[field]) setErrors({ ...errors, [field]: undefined });
  }

  function focusFirst(found: Partial<Record<Field, string>>) {
    const first = POLICY_FORM_FIELDS.find((field) => found[field]);
    if (first) window.setTimeout(() => document.getElementById(idOf(first))?.focus(), 0);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submission.isSending()) return;
    const isOther = values.carrier === OTHER_CARRIER;
    const body: IssuePolicyInput = {
      ...source,
      carrier: isOther ? values.otherCarrier : values.carrier,
      lineOfBusiness: values.lineOfBusiness as IssuePolicyInput["lineOfBusiness"],
      policyNumber: values.policyNumber,
      effectiveDate: values.effectiveDate,
      termMonths: Number(values.termMonths) as 6 | 12,
      expirationDate: values.expirationDate,
      annualPremium: values.annualPremium,
      ...(values.producerId ? { producerId: values.producerId } : {}),
      notes: values.notes,
    };
    const checked = IssuePolicySchema.safeParse(body);
    if (!checked.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of checked.error.issues) {
        const field = policyFieldOf(String(issue.path[0] ?? ""), isOther);
        if (field && !found[field]) found[field] = issue.message;
      }
      if (Object.keys(found).length > 0) {
        setErrors(found);
        focusFirst(found);
        return;
      }
    }
    setIsBusy(true);
    setFormError(undefined);
    const result = await submission.send(body, (idempotencyKey) =>
      call(API_ENDPOINTS.policies.issue, { body, idempotencyKey }),
    );
    setIsBusy(false);
    if (result.ok) {
      onIssued(result.data.data);
      return;
    }
    const found: Partial<Record<Field, string>> = {};
    for (const error of result.errors) {
      const field = policyFieldOf(error.field, isOther);
      if (field && !found[field]) found[field] = error.message;
    }
    if (result.status === 409 && result.message === POLICY_MESSAGES.numberTaken) {
      found.policyNumber = result.message;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) focusFirst(found);
    else setFormError(`The policy was not issued: ${errorText(result, silentFailureText(result))}`);
  }

  const producerOptions = (staff ?? [{ _id: myId, name: "Me" }]).map((member) => ({
    value: member._id,
    label: `${member.name}${member._id === myId && staff ? " (me)" : ""}`,
  }));

  return (
    <form
      ref={formRef}
      aria-label={`Issue a policy for ${owner}`}
      className="space-y-4"
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <PolicyFields
        idOf={idOf}
        values={values}
        errors={errors}
        isExpirationEdited={isExpirationEdited}
        producerOptions={producerOptions}
        onChange={set}
      />
      <div className="flex flex-wrap items-end gap-3">
        <PanelSubmit
          error={formError}
          isBusy={isBusy}
          label="Issue policy"
          busyLabel="Issuing…"
          context={` for ${owner}`}
        />
        <button type="button" className={secondaryButtonClass} onClick={onCancel}>
          Cancel<span className="sr-only"> issuing a policy for {owner}</span>
        </button>
      </div>
    </form>
  );
}
