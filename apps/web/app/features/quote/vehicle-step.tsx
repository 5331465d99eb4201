import {
  MILEAGE_BANDS,
  OWNERSHIP_TYPES,
  PRIMARY_USES,
  QUOTE_LIMITS,
  SAFETY_FEATURES,
  VEHICLE_BODY_TYPES,
  VEHICLE_MAKES,
  vehicleYears,
} from "@agency/domain";
import { useMemo } from "react";
import { CheckboxField, FieldGroup, SelectField, TextField } from "./fields";
import type { StepProps } from "./step-props";

const asOptions = (values: readonly string[]) => values.map((value) => ({ value, label: value }));
const MAKE_OPTIONS = asOptions(VEHICLE_MAKES);
const BODY_TYPE_OPTIONS = asOptions(VEHICLE_BODY_TYPES);

export function VehicleStep({ wizard }: StepProps) {
  const { form, field, fieldId, setVehicle } = wizard;
  // Read when the step first shows, not when the page loads (reading the agency's clock
  // costs a phone tens of milliseconds): the list follows the clock.
  const yearOptions = useMemo(() => asOptions(vehicleYears()), []);
  const vehicle = form.vehicleInfo;
  const features = vehicle.safetyFeatures ?? [];
  const safetyHintId = fieldId("vehicleInfo.safetyFeatures-hint");
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-3">
        <SelectField
          binding={field("vehicleInfo.year")}
          label="Year"
          value={vehicle.year}
          options={yearOptions}
          placeholder="Select year"
          onValueChange={(value) => setVehicle("year", value)}
        />
        <SelectField
          binding={field("vehicleInfo.make")}
          label="Make"
          value={vehicle.make}
          options={MAKE_OPTIONS}
          placeholder="Select make"
          onValueChange={(value) => setVehicle("make", value)}
        />
        {/* The spec's `model` field holds the body type. */}
        <SelectField
          binding={field("vehicleInfo.model")}
          label="Body type"
          value={vehicle.model}
          options={BODY_TYPE_OPTIONS}
          placeholder="Select body type"
          onValueChange={(value) => setVehicle("model", value)}
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          binding={field("vehicleInfo.vin")}
          label="VIN"
          isOptional
          value={vehicle.vin ?? ""}
          onValueChange={(value) => setVehicle("vin", value)}
          maxLength={QUOTE_LIMITS.vinMaxLength}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          hint="Up to 17 letters and digits, on your registration or insurance card"
        />
        {wizard.variant === "page" ? (
          <SelectField
            binding={field("vehicleInfo.mileage")}
            label="Annual mileage"
            value={vehicle.mileage}
            options={MILEAGE_BANDS}
            placeholder="Select annual mileage"
            onValueChange={(value) => setVehicle("mileage", value)}
          />
        ) : (
          <TextField
            binding={field("vehicleInfo.mileage")}
            label="Annual mileage"
            value={wizard.mileageMiles}
            onValueChange={wizard.setMileageMilesText}
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            hint="Miles you drive in a year, for example 12000"
          />
        )}
        <SelectField
          binding={field("vehicleInfo.primaryUse")}
          label="Primary use"
          value={vehicle.primaryUse}
          options={PRIMARY_USES}
          onValueChange={(value) => setVehicle("primaryUse", value)}
        />
        <SelectField
          binding={field("vehicleInfo.ownership")}
          label="Ownership"
          value={vehicle.ownership}
          options={OWNERSHIP_TYPES}
          onValueChange={(value) => setVehicle("ownership", value)}
        />
      </div>
      <FieldGroup legend="Safety features" describedBy={safetyHintId}>
        <p id={safetyHintId} className="mt-1 text-sm text-slate-600">
          Select every feature your vehicle has. More than three lowers your estimate.
        </p>
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          {SAFETY_FEATURES.map((feature, index) => (
            <CheckboxField
              key={feature}
              id={fieldId(`vehicleInfo.safetyFeatures.${index}`)}
              label={feature}
              checked={features.includes(feature)}
              onCheckedChange={(isChecked) => wizard.setSafetyFeature(feature, isChecked)}
            />
          ))}
        </div>
      </FieldGroup>
    </>
  );
}
