import {
  createDriver,
  createEmptyQuoteForm,
  QUOTE_STEPS,
  type QuoteFormInput,
} from "@agency/domain";
import { describe, expect, it } from "vitest";
import {
  furthestReachableStep,
  isStepReachable,
  LAST_STEP_INDEX,
  stepAt,
  stepIndex,
  stepOfField,
} from "./quote-steps";

const personalInfo = {
  firstName: "Ann",
  lastName: "Lee",
  email: "ann@example.com",
  phone: "6125550100",
  address: "1 Main St",
  city: "Minneapolis",
  state: "MN",
  zip: "55401",
  dob: "1990-01-01",
};
const vehicleInfo = {
  ...createEmptyQuoteForm().vehicleInfo,
  year: "2020",
  make: "Ford",
  model: "Truck",
  mileage: "0-3,999",
};
const driver = {
  ...createDriver("primary"),
  ...personalInfo,
  licenseNumber: "F123456789012",
  licenseState: "MN",
};

/** The form as filled up to (not including) `step`. */
function filledBefore(step: "vehicle" | "drivers" | "rate"): QuoteFormInput {
  const empty = createEmptyQuoteForm();
  if (step === "vehicle") return { ...empty, personalInfo };
  if (step === "drivers") return { ...empty, personalInfo, vehicleInfo };
  return { ...empty, personalInfo, vehicleInfo, drivers: [driver] };
}

describe("quote step reachability (the wizard's progress bar, tabs and draft restore)", () => {
  it("opens only the first step of an empty form", () => {
    const empty = createEmptyQuoteForm();
    expect(QUOTE_STEPS.filter((step) => isStepReachable(step.id, empty)).map((s) => s.id)).toEqual([
      "start",
    ]);
    expect(furthestReachableStep(empty)).toBe("start");
  });

  it.each([
    ["vehicle", "vehicle"],
    ["drivers", "drivers"],
    ["rate", "rate"],
  ] as const)("a form filled before %s reaches %s and no further", (filled, furthest) => {
    const form = filledBefore(filled);
    expect(furthestReachableStep(form)).toBe(furthest);
    const next = QUOTE_STEPS[stepIndex(furthest) + 1];
    if (next) expect(isStepReachable(next.id, form)).toBe(false);
  });

  it("a draft saved on a step the answers no longer reach restores to the furthest one", () => {
    // What useQuoteWizard does with a stored draft.
    const form = filledBefore("vehicle");
    const restore = (step: (typeof QUOTE_STEPS)[number]["id"]) =>
      isStepReachable(step, form) ? step : furthestReachableStep(form);
    expect(restore("start")).toBe("start");
    expect(restore("rate")).toBe("vehicle");
  });

  it("clamps step positions and finds a field's step from its path", () => {
    expect(stepAt(-1)).toBe("start");
    expect(stepAt(LAST_STEP_INDEX + 5)).toBe("rate");
    expect(stepOfField("personalInfo.email")).toBe("start");
    expect(stepOfField("vehicleInfo.safetyFeatures")).toBe("vehicle");
    expect(stepOfField("drivers.1.dob")).toBe("drivers");
    expect(stepOfField("coverage.liability")).toBe("details");
    expect(stepOfField("website")).toBeUndefined();
  });
});
