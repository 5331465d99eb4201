import { type CoverageInput, DEDUCTIBLES, LIABILITY_OPTIONS } from "@agency/domain";
import { CheckboxField, FieldGroup, SelectField } from "./fields";
import type { StepProps } from "./step-props";

const DEDUCTIBLE_OPTIONS = DEDUCTIBLES.map((amount) => ({
  value: String(amount),
  label: `$${amount.toLocaleString("en-US")}`,
}));

type CoverageToggle = Exclude<keyof CoverageInput, "liability" | "deductible">;

const TOGGLES: ReadonlyArray<{ key: CoverageToggle; label: string; description: string }> = [
  {
    key: "collision",
    label: "Collision",
    description: "Repairs to your car after a crash, whoever is at fault.",
  },
  {
    key: "comprehensive",
    label: "Comprehensive",
    description: "Hail, theft, fire, glass and hitting a deer.",
  },
  {
    key: "uninsuredMotorist",
    label: "Uninsured motorist",
    description: "Your injuries when the other driver has no or too little insurance.",
  },
  {
    key: "medicalPayments",
    label: "Medical payments",
    description: "Medical bills for you and your passengers after an accident.",
  },
  {
    key: "rentalReimbursement",
    label: "Rental reimbursement",
    description: "A rental car while yours is in the shop after a covered claim.",
  },
  {
    key: "roadsideAssistance",
    label: "Roadside assistance",
    description: "Towing, jump-starts, lockouts and flat tires.",
  },
];

export function CoverageStep({ wizard }: StepProps) {
  const { form, field, fieldId, setCoverage } = wizard;
  const coverage = form.coverage;
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          binding={field("coverage.liability")}
          label="Liability limits"
          value={coverage.liability}
          options={LIABILITY_OPTIONS}
          onValueChange={(value) => setCoverage("liability", value)}
          hint="Per person / per accident / property damage, in thousands of dollars"
        />
        <SelectField
          binding={field("coverage.deductible")}
          label="Deductible"
          value={String(coverage.deductible)}
          options={DEDUCTIBLE_OPTIONS}
          onValueChange={(value) => setCoverage("deductible", Number(value))}
          hint="What you pay toward a collision or comprehensive claim"
        />
      </div>
      <FieldGroup legend="Coverages">
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          {TOGGLES.map((toggle) => (
            <CheckboxField
              key={toggle.key}
              id={fieldId(`coverage.${toggle.key}`)}
              label={toggle.label}
              description={toggle.description}
              checked={coverage[toggle.key]}
              onCheckedChange={(isChecked) => setCoverage(toggle.key, isChecked)}
            />
          ))}
        </div>
      </FieldGroup>
    </>
  );
}
