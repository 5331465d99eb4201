import { describe, expect, it } from "vitest";
import { createDriver, createEmptyQuoteForm } from "./defaults.ts";
import type { QuoteFormInput } from "./schema.ts";
import { canOpenQuoteStep, canReachQuoteStep, isQuoteStepComplete, QUOTE_STEPS } from "./steps.ts";

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
  firstName: "Ann",
  lastName: "Lee",
  dob: "1990-01-01",
  licenseNumber: "F123456789012",
  licenseState: "MN",
};
const complete: QuoteFormInput = {
  ...createEmptyQuoteForm(),
  personalInfo,
  vehicleInfo,
  drivers: [driver],
};

describe("quote steps", () => {
  it("runs start, vehicle, drivers, details, rate", () => {
    expect(QUOTE_STEPS.map((step) => [step.id, step.label])).toEqual([
      ["start", "Your Info"],
      ["vehicle", "Vehicle"],
      ["drivers", "Drivers"],
      ["details", "Coverage"],
      ["rate", "Quote"],
    ]);
  });

  it("marks every step complete for a filled form", () => {
    for (const { id } of QUOTE_STEPS) expect(isQuoteStepComplete(id, complete)).toBe(true);
  });

  it.each(Object.keys(personalInfo))("start needs personalInfo.%s", (field) => {
    const form = { ...complete, personalInfo: { ...personalInfo, [field]: " " } };
    expect(isQuoteStepComplete("start", form)).toBe(false);
    expect(isQuoteStepComplete("rate", form)).toBe(false);
  });

  it.each(["year", "make", "model", "mileage"])("vehicle needs %s", (field) => {
    const form = { ...complete, vehicleInfo: { ...vehicleInfo, [field]: "" } };
    expect(isQuoteStepComplete("vehicle", form)).toBe(false);
  });

  it("vehicle does not need a VIN", () => {
    expect(
      isQuoteStepComplete("vehicle", { ...complete, vehicleInfo: { ...vehicleInfo, vin: "" } }),
    ).toBe(true);
  });

  it.each(["firstName", "lastName", "dob", "licenseNumber", "licenseState"])(
    "drivers needs %s on every driver",
    (field) => {
      const form = { ...complete, drivers: [driver, { ...driver, [field]: "" }] };
      expect(isQuoteStepComplete("drivers", form)).toBe(false);
    },
  );

  it("details is always complete", () => {
    expect(isQuoteStepComplete("details", createEmptyQuoteForm())).toBe(true);
  });

  it("opens a step only when the one before it is complete", () => {
    const empty = createEmptyQuoteForm();
    expect(canOpenQuoteStep("start", empty)).toBe(true);
    expect(canOpenQuoteStep("vehicle", empty)).toBe(false);
    const started = { ...empty, personalInfo };
    expect(canOpenQuoteStep("vehicle", started)).toBe(true);
    expect(canOpenQuoteStep("drivers", started)).toBe(false);
    expect(canOpenQuoteStep("rate", complete)).toBe(true);
  });

  it("reaches a step only when every step up to it can be opened", () => {
    const empty = createEmptyQuoteForm();
    // Coverage is always complete, so the Quote step alone looks open; it is not reachable.
    expect(canOpenQuoteStep("rate", empty)).toBe(true);
    expect(canReachQuoteStep("rate", empty)).toBe(false);
    expect(canReachQuoteStep("start", empty)).toBe(true);
    expect(canReachQuoteStep("vehicle", empty)).toBe(false);
    expect(canReachQuoteStep("vehicle", { ...empty, personalInfo })).toBe(true);
    expect(canReachQuoteStep("rate", complete)).toBe(true);
    // A later step complete while an earlier one is not: not reachable.
    expect(canReachQuoteStep("rate", { ...complete, personalInfo: empty.personalInfo })).toBe(
      false,
    );
  });
});
