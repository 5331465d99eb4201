import type { QuoteWizard } from "./use-quote-wizard";

export interface StepProps {
  wizard: QuoteWizard;
  /** Today in the agency's time zone, once known in the browser (not at build time). */
  maxBirthDate: string | undefined;
}
