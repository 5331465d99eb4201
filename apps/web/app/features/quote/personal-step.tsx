import {
  formatPhone,
  phoneInputDigits,
  QUOTE_ADDRESS_STATES,
  QUOTE_LIMITS,
  US_STATES,
  usStateName,
} from "@agency/domain";
import { SelectField, TextField } from "./fields";
import type { StepProps } from "./step-props";

const PAGE_STATES = QUOTE_ADDRESS_STATES.map((code) => ({ value: code, label: usStateName(code) }));

export function PersonalStep({ wizard, maxBirthDate }: StepProps) {
  const { form, field, setPersonal } = wizard;
  const info = form.personalInfo;
  return (
    // Two columns from sm up, every field one cell (state and ZIP share one): four full rows,
    // no field wider than the others and no empty cell after the date of birth.
    <div className="grid gap-5 sm:grid-cols-2">
      <TextField
        binding={field("personalInfo.firstName")}
        label="First name"
        value={info.firstName}
        onValueChange={(value) => setPersonal("firstName", value)}
        autoComplete="given-name"
        maxLength={QUOTE_LIMITS.nameMaxLength}
      />
      <TextField
        binding={field("personalInfo.lastName")}
        label="Last name"
        value={info.lastName}
        onValueChange={(value) => setPersonal("lastName", value)}
        autoComplete="family-name"
        maxLength={QUOTE_LIMITS.nameMaxLength}
      />
      <TextField
        binding={field("personalInfo.email")}
        label="Email"
        type="email"
        value={info.email}
        onValueChange={(value) => setPersonal("email", value)}
        autoComplete="email"
        inputMode="email"
        maxLength={QUOTE_LIMITS.emailMaxLength}
      />
      <TextField
        binding={field("personalInfo.phone")}
        label="Phone"
        type="tel"
        // Stored as the digits meant (a +1 dropped), shown as (AAA) BBB-CCCC once valid.
        // No maxLength: it would cut a pasted "+1 (612) 555-0100" (decision 0022).
        value={formatPhone(info.phone)}
        onValueChange={(value) => setPersonal("phone", phoneInputDigits(value))}
        autoComplete="tel"
        inputMode="tel"
        hint="10 digits, for example (612) 555-0100"
      />
      <TextField
        binding={field("personalInfo.address")}
        label="Street address"
        value={info.address}
        onValueChange={(value) => setPersonal("address", value)}
        autoComplete="street-address"
        maxLength={QUOTE_LIMITS.addressMaxLength}
      />
      <TextField
        binding={field("personalInfo.city")}
        label="City"
        value={info.city}
        onValueChange={(value) => setPersonal("city", value)}
        autoComplete="address-level2"
        maxLength={QUOTE_LIMITS.cityMaxLength}
      />
      <div className="grid grid-cols-2 gap-4">
        <SelectField
          binding={field("personalInfo.state")}
          label="State"
          value={info.state}
          // The page quotes the licensed states' addresses only; the dialog offers all 50.
          options={wizard.variant === "page" ? PAGE_STATES : US_STATES}
          placeholder={wizard.variant === "page" ? undefined : "Select state"}
          onValueChange={(value) => setPersonal("state", value)}
          autoComplete="address-level1"
        />
        <TextField
          binding={field("personalInfo.zip")}
          label="ZIP code"
          value={info.zip}
          onValueChange={(value) => setPersonal("zip", value)}
          autoComplete="postal-code"
          inputMode="numeric"
          maxLength={QUOTE_LIMITS.zipLength}
        />
      </div>
      <TextField
        binding={field("personalInfo.dob")}
        label="Date of birth"
        type="date"
        value={info.dob}
        onValueChange={(value) => setPersonal("dob", value)}
        autoComplete="bday"
        min={QUOTE_LIMITS.earliestBirthDate}
        max={maxBirthDate}
      />
    </div>
  );
}
