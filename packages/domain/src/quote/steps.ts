import type { QuoteFormInput } from "./schema.ts";

export const QUOTE_STEPS = [
  { id: "start", label: "Your Info" },
  { id: "vehicle", label: "Vehicle" },
  { id: "drivers", label: "Drivers" },
  { id: "details", label: "Coverage" },
  { id: "rate", label: "Quote" },
] as const;
export type QuoteStep = (typeof QUOTE_STEPS)[number]["id"];

const isFilled = (value: unknown) => typeof value === "string" && value.trim() !== "";

/**
 * The spec's completeness rules, which only ask that fields be filled; the step schemas
 * decide whether the values are valid.
 */
export function isQuoteStepComplete(step: QuoteStep, form: QuoteFormInput): boolean {
  switch (step) {
    case "start":
      return Object.values(form.personalInfo).every(isFilled);
    case "vehicle": {
      const { year, make, model, mileage } = form.vehicleInfo;
      return [year, make, model, mileage].every(isFilled);
    }
    case "drivers": {
      const drivers = form.drivers ?? [];
      return (
        drivers.length > 0 &&
        drivers.every((driver) =>
          [
            driver.firstName,
            driver.lastName,
            driver.dob,
            driver.licenseNumber,
            driver.licenseState,
          ].every(isFilled),
        )
      );
    }
    case "details":
      return true;
    case "rate":
      return (["start", "vehicle", "drivers", "details"] as const).every((earlier) =>
        isQuoteStepComplete(earlier, form),
      );
  }
}

/** A step tab can be opened only when the step before it is complete (the first always). */
export function canOpenQuoteStep(step: QuoteStep, form: QuoteFormInput): boolean {
  const index = QUOTE_STEPS.findIndex((candidate) => candidate.id === step);
  const previous = QUOTE_STEPS[index - 1];
  return previous === undefined || isQuoteStepComplete(previous.id, form);
}

/**
 * Whether a visitor can get to a step: every step up to it can be opened. Stricter than
 * `canOpenQuoteStep` alone, which looks only at the step just before (and Coverage is
 * always complete): with an empty form, the Quote step is not reachable.
 */
export function canReachQuoteStep(step: QuoteStep, form: QuoteFormInput): boolean {
  const index = QUOTE_STEPS.findIndex((candidate) => candidate.id === step);
  return QUOTE_STEPS.slice(0, index + 1).every((candidate) => canOpenQuoteStep(candidate.id, form));
}
