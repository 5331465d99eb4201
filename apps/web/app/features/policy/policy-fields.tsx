import {
  AGENCY,
  isCalendarDate,
  LINE_OF_BUSINESS_LABELS,
  LINES_OF_BUSINESS,
  POLICY_NOTES_MAX_LENGTH,
  policyExpiration,
} from "@agency/domain";
import {
  InputField,
  SelectField,
  type SelectOption,
  TextAreaField,
} from "../../components/form-controls";

/** The carrier select's value for a carrier not in the agency profile (named in its own field). */
export const OTHER_CARRIER = "__other__";

/** The agency profile's carriers, in its order. */
export const PROFILE_CARRIERS = AGENCY.carriers.map((carrier) => carrier.name);

/** A policy form's fields, in the order they are shown (and focused when wrong). */
export const POLICY_FORM_FIELDS = [
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
export type PolicyFormField = (typeof POLICY_FORM_FIELDS)[number];
export type PolicyFormValues = Record<PolicyFormField, string>;
export const isPolicyFormField = (field: string): field is PolicyFormField =>
  (POLICY_FORM_FIELDS as readonly string[]).includes(field);

/** The field a message about `path` belongs at: the carrier's is at "Other carrier's name" when typed. */
export function policyFieldOf(path: string, isOther: boolean): PolicyFormField | undefined {
  if (path === "carrier" && isOther) return "otherCarrier";
  return isPolicyFormField(path) ? path : undefined;
}

/**
 * The values after one field changes: the expiration follows the effective date and the
 * term until someone edits it.
 */
export function nextPolicyValues(
  current: PolicyFormValues,
  field: PolicyFormField,
  value: string,
  isExpirationEdited: boolean,
): PolicyFormValues {
  const next = { ...current, [field]: value };
  if (
    !isExpirationEdited &&
    (field === "effectiveDate" || field === "termMonths") &&
    isCalendarDate(next.effectiveDate)
  ) {
    next.expirationDate = policyExpiration(next.effectiveDate, Number(next.termMonths));
  }
  return next;
}

/**
 * A policy's fields as staff write them (issuing and editing): the carrier from the agency
 * profile or another by name, the line, the number, the effective date and term, the
 * expiration, the annual premium in dollars and cents, the producing agent and notes.
 */
export function PolicyFields({
  idOf,
  values,
  errors,
  isExpirationEdited,
  producerOptions,
  onChange,
}: {
  idOf: (field: PolicyFormField) => string;
  values: PolicyFormValues;
  errors: Partial<Record<PolicyFormField, string>>;
  isExpirationEdited: boolean;
  producerOptions: readonly SelectOption[];
  onChange: (field: PolicyFormField, value: string) => void;
}) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          id={idOf("carrier")}
          label="Carrier"
          value={values.carrier}
          options={[
            ...PROFILE_CARRIERS.map((name) => ({ value: name, label: name })),
            { value: OTHER_CARRIER, label: "Other carrier" },
          ]}
          error={errors.carrier}
          onValueChange={(value) => onChange("carrier", value)}
        />
        {values.carrier === OTHER_CARRIER ? (
          <InputField
            id={idOf("otherCarrier")}
            label="Other carrier's name"
            value={values.otherCarrier}
            maxLength={100}
            autoComplete="off"
            error={errors.otherCarrier}
            onValueChange={(value) => onChange("otherCarrier", value)}
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
          onValueChange={(value) => onChange("lineOfBusiness", value)}
        />
        <InputField
          id={idOf("policyNumber")}
          label="Policy number"
          value={values.policyNumber}
          maxLength={50}
          autoComplete="off"
          error={errors.policyNumber}
          onValueChange={(value) => onChange("policyNumber", value)}
        />
        <InputField
          id={idOf("effectiveDate")}
          label="Effective date"
          type="date"
          value={values.effectiveDate}
          error={errors.effectiveDate}
          onValueChange={(value) => onChange("effectiveDate", value)}
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
          onValueChange={(value) => onChange("termMonths", value)}
        />
        <InputField
          id={idOf("expirationDate")}
          label="Expiration date"
          type="date"
          value={values.expirationDate}
          hint={isExpirationEdited ? "Edited" : "The effective date plus the term"}
          error={errors.expirationDate}
          onValueChange={(value) => onChange("expirationDate", value)}
        />
        <InputField
          id={idOf("annualPremium")}
          label="Annual premium ($)"
          inputMode="decimal"
          placeholder="1,234.56"
          value={values.annualPremium}
          autoComplete="off"
          error={errors.annualPremium}
          onValueChange={(value) => onChange("annualPremium", value)}
        />
        <SelectField
          id={idOf("producerId")}
          label="Producing agent"
          value={values.producerId}
          options={producerOptions}
          error={errors.producerId}
          onValueChange={(value) => onChange("producerId", value)}
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
        onValueChange={(value) => onChange("notes", value)}
      />
    </>
  );
}
