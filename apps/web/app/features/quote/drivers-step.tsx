import {
  DRIVER_RELATIONSHIPS,
  INCIDENT_COUNTS,
  QUOTE_FIELD_MESSAGES,
  QUOTE_LIMITS,
  US_STATES,
} from "@agency/domain";
import { SelectField, TextField } from "./fields";
import { QuoteButton } from "./step-frame";
import type { StepProps } from "./step-props";

const PRIMARY_LABEL =
  DRIVER_RELATIONSHIPS.find((relationship) => relationship.value === "primary")?.label ?? "Primary";

export function DriversStep({ wizard, maxBirthDate }: StepProps) {
  const { form, field, fieldId, setDriver } = wizard;
  const lockedHintId = fieldId("drivers-locked-hint");
  return (
    <>
      <p id={lockedHintId} className="text-sm text-slate-700">
        Driver 1 is you: the name, date of birth and relationship come from Your Info. Add everyone
        else in your household who drives the vehicle.
      </p>
      {form.drivers.map((driver, index) => {
        const isPrimary = index === 0;
        const number = index + 1;
        const path = (key: string) => `drivers.${index}.${key}`;
        return (
          <fieldset
            // Drivers have no id of their own; the position is what the fields are bound to.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            key={index}
            className="min-w-0 rounded-xl border border-slate-300 p-4 sm:p-5"
          >
            {/* Floated, so the legend sits inside the card, level with the Remove button. */}
            <legend className="float-left py-1.5 text-base font-bold text-navy-900">
              {isPrimary ? "Driver 1 (you)" : `Driver ${number}`}
            </legend>
            {isPrimary ? null : (
              <QuoteButton
                variant="secondary"
                className="float-right min-h-9 px-3 py-1.5 text-sm"
                onClick={() => wizard.removeDriver(index)}
                disabled={wizard.isBusy || wizard.isSubmitted}
                aria-label={`Remove driver ${number}`}
              >
                Remove
              </QuoteButton>
            )}
            <div className="clear-both grid gap-5 pt-3 sm:grid-cols-2">
              <TextField
                binding={field(path("firstName"))}
                label="First name"
                value={driver.firstName}
                onValueChange={(value) => setDriver(index, "firstName", value)}
                readOnly={isPrimary}
                hint={isPrimary ? "From Your Info" : undefined}
                autoComplete="off"
                maxLength={QUOTE_LIMITS.nameMaxLength}
              />
              <TextField
                binding={field(path("lastName"))}
                label="Last name"
                value={driver.lastName}
                onValueChange={(value) => setDriver(index, "lastName", value)}
                readOnly={isPrimary}
                hint={isPrimary ? "From Your Info" : undefined}
                autoComplete="off"
                maxLength={QUOTE_LIMITS.nameMaxLength}
              />
              <TextField
                binding={field(path("dob"))}
                label="Date of birth"
                type="date"
                value={driver.dob}
                onValueChange={(value) => setDriver(index, "dob", value)}
                readOnly={isPrimary}
                hint={isPrimary ? "From Your Info" : undefined}
                min={QUOTE_LIMITS.earliestBirthDate}
                max={maxBirthDate}
              />
              {isPrimary ? (
                <TextField
                  binding={field(path("relationship"))}
                  label="Relationship"
                  value={PRIMARY_LABEL}
                  readOnly
                  hint="The first driver is always the primary driver"
                />
              ) : (
                <SelectField
                  binding={field(path("relationship"))}
                  label="Relationship"
                  value={driver.relationship}
                  options={DRIVER_RELATIONSHIPS}
                  onValueChange={(value) => setDriver(index, "relationship", value)}
                />
              )}
              <TextField
                binding={field(path("licenseNumber"))}
                label="Driver's license number"
                value={driver.licenseNumber}
                onValueChange={(value) => setDriver(index, "licenseNumber", value)}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={QUOTE_LIMITS.licenseNumberLength}
                hint="13 characters, as printed on the license"
              />
              <SelectField
                binding={field(path("licenseState"))}
                label="License state"
                value={driver.licenseState}
                options={US_STATES}
                placeholder="Select state"
                onValueChange={(value) => setDriver(index, "licenseState", value)}
              />
              <SelectField
                binding={field(path("accidents"))}
                label="Accidents (last 3 years)"
                value={driver.accidents}
                options={INCIDENT_COUNTS}
                onValueChange={(value) => setDriver(index, "accidents", value)}
              />
              <SelectField
                binding={field(path("violations"))}
                label="Violations (last 3 years)"
                value={driver.violations}
                options={INCIDENT_COUNTS}
                onValueChange={(value) => setDriver(index, "violations", value)}
              />
            </div>
          </fieldset>
        );
      })}
      <div>
        <QuoteButton
          id={fieldId("add-driver")}
          variant="secondary"
          onClick={wizard.addDriver}
          disabled={!wizard.canAddDriver || wizard.isBusy || wizard.isSubmitted}
          aria-describedby={wizard.canAddDriver ? undefined : fieldId("add-driver-limit")}
        >
          <span aria-hidden="true" className="text-lg leading-none">
            +
          </span>
          Add Driver
        </QuoteButton>
        {wizard.canAddDriver ? null : (
          <p id={fieldId("add-driver-limit")} className="mt-2 text-sm text-slate-700">
            {QUOTE_FIELD_MESSAGES.driversTooMany}
          </p>
        )}
      </div>
    </>
  );
}
