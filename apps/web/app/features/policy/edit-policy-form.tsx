import {
  API_ENDPOINTS,
  formatPremiumAmount,
  POLICY_MESSAGES,
  type PolicyChange,
  PolicyChangeSchema,
  type PolicyRecord,
} from "@agency/domain";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { secondaryButtonClass } from "../../components/control-classes";
import { PanelSubmit } from "../../components/panel-submit";
import { errorText } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { silentFailureText } from "../../lib/format";
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

type Errors = Partial<Record<PolicyFormField, string>>;
/** What PATCH takes as typed: the premium stays the dollars-and-cents text. */
type ChangeBody = {
  [Key in keyof PolicyChange]?: Key extends "annualPremium" ? string : PolicyChange[Key];
};

/** The form's values for a policy as it is: the premium as "1,234.56", never through a float. */
function valuesOf(policy: PolicyRecord): PolicyFormValues {
  const isProfileCarrier = PROFILE_CARRIERS.includes(policy.carrier);
  return {
    carrier: isProfileCarrier ? policy.carrier : OTHER_CARRIER,
    otherCarrier: isProfileCarrier ? "" : policy.carrier,
    lineOfBusiness: policy.lineOfBusiness,
    policyNumber: policy.policyNumber,
    effectiveDate: policy.effectiveDate,
    termMonths: String(policy.termMonths),
    expirationDate: policy.expirationDate,
    annualPremium: formatPremiumAmount(policy.annualPremiumCents),
    producerId: policy.producer?._id ?? "",
    notes: policy.notes,
  };
}

/**
 * Editing a policy's details (issue 28 §1, decision 0072): the issuing form's fields filled
 * from the policy. The whole form is checked with PolicyChangeSchema (so an expiration
 * before the effective date is refused even when only one of them changed), then only the
 * fields that differ are sent (PATCH /api/policies/:id), once at a time.
 */
export function EditPolicyForm({
  policy,
  name,
  onSaved,
  onClose,
}: {
  policy: PolicyRecord;
  /** "Auto policy AU-1", for accessible names. */
  name: string;
  onSaved: (policy: PolicyRecord) => void;
  onClose: () => void;
}) {
  const { call } = useAuth();
  const staff = useAssignableStaff();
  const base = useId();
  const idOf = (field: PolicyFormField) => `${base}-${field}`;
  const [values, setValues] = useState(() => valuesOf(policy));
  const [isExpirationEdited, setIsExpirationEdited] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | undefined>();
  const [isBusy, setIsBusy] = useState(false);
  // Answers at once, unlike state: a second press while saving sends nothing.
  const isSending = useRef(false);
  const firstFieldId = idOf("carrier");

  useEffect(() => {
    document.getElementById(firstFieldId)?.focus();
  }, [firstFieldId]);

  function set(field: PolicyFormField, value: string) {
    setValues((current) => nextPolicyValues(current, field, value, isExpirationEdited));
    if (field === "expirationDate") setIsExpirationEdited(true);
    if (errors[field]) setErrors({ ...errors, [field]: undefined });
    setFormError(undefined);
  }

  function show(found: Errors) {
    setErrors(found);
    const first = POLICY_FORM_FIELDS.find((field) => found[field]);
    if (first) window.setTimeout(() => document.getElementById(idOf(first))?.focus(), 0);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (isSending.current) return;
    const isOther = values.carrier === OTHER_CARRIER;
    const whole: ChangeBody = {
      carrier: isOther ? values.otherCarrier : values.carrier,
      lineOfBusiness: values.lineOfBusiness as PolicyRecord["lineOfBusiness"],
      policyNumber: values.policyNumber,
      effectiveDate: values.effectiveDate,
      termMonths: Number(values.termMonths) as 6 | 12,
      expirationDate: values.expirationDate,
      annualPremium: values.annualPremium,
      // A policy whose producer has left keeps "A former staff member" until one is chosen.
      ...(values.producerId ? { producerId: values.producerId } : {}),
      notes: values.notes,
    };
    const checked = PolicyChangeSchema.safeParse(whole);
    if (!checked.success) {
      const found: Errors = {};
      for (const issue of checked.error.issues) {
        const field = policyFieldOf(String(issue.path[0] ?? ""), isOther);
        if (field && !found[field]) found[field] = issue.message;
      }
      show(found);
      return;
    }
    const now = checked.data;
    const before = valuesOf(policy);
    const body: ChangeBody = {};
    if (now.carrier !== policy.carrier) body.carrier = whole.carrier;
    if (now.lineOfBusiness !== policy.lineOfBusiness) body.lineOfBusiness = now.lineOfBusiness;
    if (now.policyNumber !== policy.policyNumber) body.policyNumber = whole.policyNumber;
    if (now.effectiveDate !== policy.effectiveDate) body.effectiveDate = now.effectiveDate;
    if (now.termMonths !== policy.termMonths) body.termMonths = now.termMonths;
    if (now.expirationDate !== policy.expirationDate) body.expirationDate = now.expirationDate;
    // Compared in cents: "1234.56" is the premium "1,234.56" already is.
    if (now.annualPremium !== policy.annualPremiumCents) body.annualPremium = values.annualPremium;
    if (values.producerId && values.producerId !== before.producerId) {
      body.producerId = values.producerId;
    }
    if (values.notes !== before.notes) body.notes = values.notes;
    if (Object.keys(body).length === 0) {
      setFormError(POLICY_MESSAGES.nothingToChange);
      return;
    }
    isSending.current = true;
    setIsBusy(true);
    setFormError(undefined);
    const result = await call(API_ENDPOINTS.policies.update, {
      params: { id: policy._id },
      body: body as PolicyChange,
    }).finally(() => {
      isSending.current = false;
    });
    setIsBusy(false);
    if (result.ok) {
      onSaved(result.data.data);
      return;
    }
    const found: Errors = {};
    for (const error of result.errors) {
      const field = policyFieldOf(error.field, isOther);
      if (field && !found[field]) found[field] = error.message;
    }
    if (result.status === 409 && result.message === POLICY_MESSAGES.numberTaken) {
      found.policyNumber = result.message;
    }
    if (Object.keys(found).length > 0) show(found);
    else
      setFormError(`The policy was not changed: ${errorText(result, silentFailureText(result))}`);
  }

  const producerOptions = [
    ...(policy.producer === null ? [{ value: "", label: "A former staff member" }] : []),
    ...(policy.producer && !staff?.some((member) => member._id === policy.producer?._id)
      ? [{ value: policy.producer._id, label: policy.producer.name }]
      : []),
    ...(staff ?? []).map((member) => ({ value: member._id, label: member.name })),
  ];

  return (
    <form
      aria-label={`Edit details of ${name}`}
      className="mt-3 space-y-4 rounded-md bg-white p-3 ring-1 ring-slate-200"
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
          label="Save changes"
          busyLabel="Saving…"
          context={`: ${name}`}
        />
        <button type="button" className={secondaryButtonClass} onClick={onClose}>
          Keep as is<span className="sr-only">: {name}</span>
        </button>
      </div>
    </form>
  );
}
