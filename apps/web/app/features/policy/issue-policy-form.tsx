import {
  AGENCY,
  API_ENDPOINTS,
  type IssuePolicyInput,
  IssuePolicySchema,
  isCalendarDate,
  LINE_OF_BUSINESS_LABELS,
  LINES_OF_BUSINESS,
  POLICY_MESSAGES,
  POLICY_NOTES_MAX_LENGTH,
  type PolicyLeadKind,
  type PolicyRecord,
  policyExpiration,
  todayInAgencyZone,
} from "@agency/domain";
import { type FormEvent, useId, useRef, useState } from "react";
import { secondaryButtonClass } from "../../components/control-classes";
import { InputField, SelectField, TextAreaField } from "../../components/form-controls";
import { PanelSubmit } from "../../components/panel-submit";
import { errorText } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { silentFailureText } from "../../lib/format";
import { useFormSubmission } from "../../lib/use-form-submission";
import { useAssignableStaff } from "../../lib/use-staff";

/** Whose policy: the lead it is issued from, or the person. */
export type PolicySource = { lead: { kind: PolicyLeadKind; id: string } } | { personId: string };

const OTHER = "__other__";
const FIELDS = [
  "carrier",
  "otherCarrier",
  "lineOfBusiness",
  "policyNumber",
  "effectiveDate",
  "termMonths",
  "expirationDate",
  "annualPremium",
  "producerId",
  "notes",
] as const;
type Field = (typeof FIELDS)[number];
const isField = (field: string): field is Field => (FIELDS as readonly string[]).includes(field);

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
  defaultLine?: (typeof LINES_OF_BUSINESS)[number];
  onIssued: (policy: PolicyRecord) => void;
  onCancel: () => void;
}) {
  const { call, user } = useAuth();
  const staff = useAssignableStaff();
  const myId = user?._id ?? "";
  const carriers = AGENCY.carriers.map((carrier) => carrier.name);
  const [values, setValues] = useState<Record<Field, string>>(() => {
    const effective = todayInAgencyZone(new Date());
    return {
      carrier: carriers[0] ?? OTHER,
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
    setValues((current) => {
      const next = { ...current, [field]: value };
      // The expiration follows the effective date and the term until someone edits it.
      if (
        !isExpirationEdited &&
        (field === "effectiveDate" || field === "termMonths") &&
        isCalendarDate(next.effectiveDate)
      ) {
        next.expirationDate = policyExpiration(next.effectiveDate, Number(next.termMonths));
      }
      return next;
    });
    if (field === "expirationDate") setIsExpirationEdited(true);
    if (errors[field]) setErrors({ ...errors, [field]: undefined });
  }

  function focusFirst(found: Partial<Record<Field, string>>) {
    const first = FIELDS.find((field) => found[field]);
    if (first) window.setTimeout(() => document.getElementById(idOf(first))?.focus(), 0);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submission.isSending()) return;
    const isOther = values.carrier === OTHER;
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
        const path = String(issue.path[0] ?? "");
        const field: Field | undefined =
          path === "carrier" && isOther ? "otherCarrier" : isField(path) ? path : undefined;
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
      const field = error.field === "carrier" && isOther ? "otherCarrier" : error.field;
      if (isField(field) && !found[field]) found[field] = error.message;
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
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          id={idOf("carrier")}
          label="Carrier"
          value={values.carrier}
          options={[
            ...carriers.map((name) => ({ value: name, label: name })),
            { value: OTHER, label: "Other carrier" },
          ]}
          error={errors.carrier}
          onValueChange={(value) => set("carrier", value)}
        />
        {values.carrier === OTHER ? (
          <InputField
            id={idOf("otherCarrier")}
            label="Other carrier's name"
            value={values.otherCarrier}
            maxLength={100}
            autoComplete="off"
            error={errors.otherCarrier}
            onValueChange={(value) => set("otherCarrier", value)}
          />
        ) : null}
        <SelectField
          id={idOf("lineOfBusiness")}
          label="Line of business"
          value={values.lineOfBusiness}
          options={LINES_OF_BUSINESS.map((line) => ({
            value: line,
            label: LINE_OF_BUSINESS_LABELS[line],
          }))}
          error={errors.lineOfBusiness}
          onValueChange={(value) => set("lineOfBusiness", value)}
        />
        <InputField
          id={idOf("policyNumber")}
          label="Policy number"
          value={values.policyNumber}
          maxLength={50}
          autoComplete="off"
          error={errors.policyNumber}
          onValueChange={(value) => set("policyNumber", value)}
        />
        <InputField
          id={idOf("effectiveDate")}
          label="Effective date"
          type="date"
          value={values.effectiveDate}
          error={errors.effectiveDate}
          onValueChange={(value) => set("effectiveDate", value)}
        />
        <SelectField
          id={idOf("termMonths")}
          label="Term"
          value={values.termMonths}
          options={[
            { value: "12", label: "12 months" },
            { value: "6", label: "6 months" },
          ]}
          error={errors.termMonths}
          onValueChange={(value) => set("termMonths", value)}
        />
        <InputField
          id={idOf("expirationDate")}
          label="Expiration date"
          type="date"
          value={values.expirationDate}
          hint={isExpirationEdited ? "Edited" : "The effective date plus the term"}
          error={errors.expirationDate}
          onValueChange={(value) => set("expirationDate", value)}
        />
        <InputField
          id={idOf("annualPremium")}
          label="Annual premium ($)"
          inputMode="decimal"
          placeholder="1,234.56"
          value={values.annualPremium}
          autoComplete="off"
          error={errors.annualPremium}
          onValueChange={(value) => set("annualPremium", value)}
        />
        <SelectField
          id={idOf("producerId")}
          label="Producing agent"
          value={values.producerId}
          options={producerOptions}
          error={errors.producerId}
          onValueChange={(value) => set("producerId", value)}
        />
      </div>
      <TextAreaField
        id={idOf("notes")}
        label="Notes"
        isOptional
        rows={2}
        value={values.notes}
        maxLength={POLICY_NOTES_MAX_LENGTH}
        error={errors.notes}
        onValueChange={(value) => set("notes", value)}
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
