import {
  canReachQuoteStep,
  QUOTE_STEPS,
  type QuoteFormInput,
  type QuoteStep,
} from "@agency/domain";

export type QuoteVariant = "page" | "dialog";

export const LAST_STEP_INDEX = QUOTE_STEPS.length - 1;

export function stepIndex(step: QuoteStep): number {
  return QUOTE_STEPS.findIndex((candidate) => candidate.id === step);
}

export function stepAt(index: number): QuoteStep {
  return (QUOTE_STEPS[Math.min(Math.max(index, 0), LAST_STEP_INDEX)] ?? QUOTE_STEPS[0]).id;
}

/** A step can be opened when every step before it is complete (the domain's rule). */
export const isStepReachable = canReachQuoteStep;

/** The furthest step the form lets a visitor open. */
export function furthestReachableStep(form: QuoteFormInput): QuoteStep {
  let furthest: QuoteStep = "start";
  for (const step of QUOTE_STEPS) if (isStepReachable(step.id, form)) furthest = step.id;
  return furthest;
}

const STEP_OF_SECTION: Record<string, QuoteStep> = {
  personalInfo: "start",
  vehicleInfo: "vehicle",
  drivers: "drivers",
  coverage: "details",
};

/** The step that holds a field, from its dotted path ("drivers.1.dob" → drivers). */
export function stepOfField(path: string): QuoteStep | undefined {
  const section = path.split(".")[0] ?? "";
  return STEP_OF_SECTION[section];
}
