import { createEmptyQuoteForm, QUOTE_STEPS, type QuoteStep } from "@agency/domain";
import { beforeEach, describe, expect, it, vi } from "vitest";

// Which steps a form reaches is the domain's rule (packages/domain/src/quote/steps.test.ts);
// here it is stubbed, to test what the wizard builds on it.
const reachable = new Set<QuoteStep>();
vi.mock("@agency/domain", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@agency/domain")>()),
  canReachQuoteStep: (step: QuoteStep) => reachable.has(step),
}));
const { furthestReachableStep, isStepReachable, LAST_STEP_INDEX, stepAt, stepIndex, stepOfField } =
  await import("./quote-steps");

const form = createEmptyQuoteForm();
const reach = (...steps: QuoteStep[]) => {
  reachable.clear();
  for (const step of steps) reachable.add(step);
};
/** What useQuoteWizard does with a stored draft's step. */
const restoredStep = (saved: QuoteStep) =>
  isStepReachable(saved, form) ? saved : furthestReachableStep(form);

beforeEach(() => reach("start"));

describe("quote step reachability (the progress bar, the tabs and a restored draft)", () => {
  it.each([
    [["start"], "start"],
    [["start", "vehicle"], "vehicle"],
    [["start", "vehicle", "drivers", "details"], "details"],
    [QUOTE_STEPS.map((step) => step.id), "rate"],
  ] as const)("reaching %j, the furthest step is %s", (steps, furthest) => {
    reach(...steps);
    expect(furthestReachableStep(form)).toBe(furthest);
  });

  it("restores a draft on its own step while the answers still reach it", () => {
    reach("start", "vehicle", "drivers");
    expect(restoredStep("vehicle")).toBe("vehicle");
    expect(restoredStep("drivers")).toBe("drivers");
  });

  it("restores a draft saved on a step the answers no longer reach to the furthest one", () => {
    reach("start", "vehicle");
    expect(restoredStep("rate")).toBe("vehicle");
    reach("start");
    expect(restoredStep("details")).toBe("start");
  });

  it("clamps step positions", () => {
    expect(stepIndex("drivers")).toBe(2);
    expect(stepAt(-1)).toBe("start");
    expect(stepAt(LAST_STEP_INDEX + 5)).toBe("rate");
  });

  it("finds a field's step from its path (where a server message sends the visitor)", () => {
    expect(stepOfField("personalInfo.email")).toBe("start");
    expect(stepOfField("vehicleInfo.safetyFeatures")).toBe("vehicle");
    expect(stepOfField("drivers.1.dob")).toBe("drivers");
    expect(stepOfField("coverage.liability")).toBe("details");
    expect(stepOfField("website")).toBeUndefined();
  });
});
