import {
  API_ENDPOINTS,
  formatPremium,
  isCalendarDate,
  LINE_OF_BUSINESS_LABELS,
  POLICY_MESSAGES,
  type PolicyRecord,
  policyExpiration,
  RENEWAL_MESSAGES,
  RenewPolicySchema,
} from "@agency/domain";
import { type FormEvent, useId, useState } from "react";
import { secondaryButtonClass } from "../../components/control-classes";
import { InputField } from "../../components/form-controls";
import { PanelSubmit } from "../../components/panel-submit";
import { errorText } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { silentFailureText } from "../../lib/format";
import { useFormSubmission } from "../../lib/use-form-submission";

/** What renewing needs of a term: a policy record or a row of the renewals page. */
export type RenewableTerm = Pick<
  PolicyRecord,
  | "_id"
  | "carrier"
  | "lineOfBusiness"
  | "policyNumber"
  | "termMonths"
  | "expirationDate"
  | "annualPremiumCents"
>;

const FIELDS = ["policyNumber", "effectiveDate", "expirationDate", "annualPremium"] as const;
type Field = (typeof FIELDS)[number];
const isField = (field: string): field is Field => (FIELDS as readonly string[]).includes(field);

/** "Home policy H-100": a term's name for buttons and forms. */
export const termName = (term: Pick<PolicyRecord, "lineOfBusiness" | "policyNumber">) =>
  `${LINE_OF_BUSINESS_LABELS[term.lineOfBusiness]} policy ${term.policyNumber}`;

/**
 * Renewing a term (issue 28 §2, decision 0073): the next term prefilled from it (the same
 * number, effective on its expiration, the same term and premium), each field editable.
 * Checked with the server's rules first; sent once per answers (Idempotency-Key).
 */
export function RenewForm({
  term,
  onRenewed,
  onCancel,
}: {
  term: RenewableTerm;
  onRenewed: (next: PolicyRecord) => void;
  onCancel: () => void;
}) {
  const { call } = useAuth();
  const base = useId();
  const idOf = (field: Field) => `${base}-${field}`;
  const name = termName(term);
  const [values, setValues] = useState<Record<Field, string>>(() => ({
    policyNumber: term.policyNumber,
    effectiveDate: term.expirationDate,
    expirationDate: policyExpiration(term.expirationDate, term.termMonths),
    annualPremium: formatPremium(term.annualPremiumCents),
  }));
  const [isExpirationEdited, setIsExpirationEdited] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | undefined>();
  const [isBusy, setIsBusy] = useState(false);
  const submission = useFormSubmission<Field>();

  function set(field: Field, value: string) {
    setValues((current) => {
      const next = { ...current, [field]: value };
      if (!isExpirationEdited && field === "effectiveDate" && isCalendarDate(value)) {
        next.expirationDate = policyExpiration(value, term.termMonths);
      }
      return next;
    });
    if (field === "expirationDate") setIsExpirationEdited(true);
    if (errors[field]) setErrors({ ...errors, [field]: undefined });
  }

  function show(found: Partial<Record<Field, string>>) {
    setErrors(found);
    const first = FIELDS.find((field) => found[field]);
    if (first) window.setTimeout(() => document.getElementById(idOf(first))?.focus(), 0);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submission.isSending()) return;
    const body = { ...values };
    const checked = RenewPolicySchema.safeParse(body);
    if (!checked.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of checked.error.issues) {
        const path = String(issue.path[0] ?? "");
        if (isField(path) && !found[path]) found[path] = issue.message;
      }
      show(found);
      return;
    }
    setIsBusy(true);
    setFormError(undefined);
    const result = await submission.send(body, (idempotencyKey) =>
      call(API_ENDPOINTS.renewals.renew, { params: { id: term._id }, body, idempotencyKey }),
    );
    setIsBusy(false);
    if (result.ok) {
      onRenewed(result.data.data);
      return;
    }
    const found: Partial<Record<Field, string>> = {};
    for (const error of result.errors) {
      if (isField(error.field) && !found[error.field]) found[error.field] = error.message;
    }
    if (result.status === 409 && result.message === POLICY_MESSAGES.numberTaken) {
      found.policyNumber = result.message;
    }
    if (Object.keys(found).length > 0) show(found);
    else
      setFormError(
        result.status === 409 && result.message === RENEWAL_MESSAGES.alreadyRenewed
          ? result.message
          : `The policy was not renewed: ${errorText(result, silentFailureText(result))}`,
      );
  }

  return (
    <form
      aria-label={`Renew ${name}`}
      className="mt-3 space-y-3 rounded-md bg-white p-3 ring-1 ring-slate-200"
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <p className="text-sm text-slate-700">
        The next term with {term.carrier}, linked to this one. This term becomes renewed.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
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
          id={idOf("annualPremium")}
          label="Annual premium ($)"
          inputMode="decimal"
          value={values.annualPremium}
          autoComplete="off"
          error={errors.annualPremium}
          onValueChange={(value) => set("annualPremium", value)}
        />
        <InputField
          id={idOf("effectiveDate")}
          label="Effective date"
          type="date"
          value={values.effectiveDate}
          hint="This term's expiration"
          error={errors.effectiveDate}
          onValueChange={(value) => set("effectiveDate", value)}
        />
        <InputField
          id={idOf("expirationDate")}
          label="Expiration date"
          type="date"
          value={values.expirationDate}
          hint={isExpirationEdited ? "Edited" : `The effective date plus ${term.termMonths} months`}
          error={errors.expirationDate}
          onValueChange={(value) => set("expirationDate", value)}
        />
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <PanelSubmit
          error={formError}
          isBusy={isBusy}
          label="Renew"
          busyLabel="Renewing…"
          context={`: ${name}`}
        />
        <button type="button" className={secondaryButtonClass} onClick={onCancel}>
          Cancel<span className="sr-only"> renewing {name}</span>
        </button>
      </div>
    </form>
  );
}
