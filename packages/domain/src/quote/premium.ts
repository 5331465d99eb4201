/**
 * The fields the estimate reads. Loose on purpose: the form holds text ("2020", "500")
 * while a parsed quote holds the same values as the schema's output.
 */
export interface PremiumInput {
  vehicleInfo: { year: string | number; safetyFeatures: readonly string[] };
  drivers: readonly { accidents: string | number; violations: string | number }[];
  coverage: { liability: string; deductible: string | number };
}

export const PREMIUM_RULES = {
  base: 100,
  newVehicleAfterYear: 2018,
  newVehicleSurcharge: 50,
  safetyFeatureThreshold: 3,
  safetyFeatureDiscount: 20,
  perAccident: 30,
  perViolation: 20,
  highLiabilityLevel: "100_300_100",
  highLiabilitySurcharge: 40,
  discountedDeductible: 1000,
  deductibleDiscount: 30,
} as const;

/** "3" (shown as "3+") counts as three; anything that is not a count counts as none. */
function countOf(value: string | number): number {
  const count = Number(value);
  return Number.isFinite(count) && count > 0 ? count : 0;
}

/**
 * The estimated monthly premium (the spec's formula, below), rounded to cents. The
 * server recomputes it on submit rather than trusting the browser's figure.
 */
export function estimateMonthlyPremium(input: PremiumInput): number {
  const rules = PREMIUM_RULES;
  let premium = rules.base;
  if (Number(input.vehicleInfo.year) > rules.newVehicleAfterYear) {
    premium += rules.newVehicleSurcharge;
  }
  if (new Set(input.vehicleInfo.safetyFeatures).size > rules.safetyFeatureThreshold) {
    premium -= rules.safetyFeatureDiscount;
  }
  for (const driver of input.drivers) {
    premium += countOf(driver.accidents) * rules.perAccident;
    premium += countOf(driver.violations) * rules.perViolation;
  }
  if (input.coverage.liability === rules.highLiabilityLevel) {
    premium += rules.highLiabilitySurcharge;
  }
  if (Number(input.coverage.deductible) === rules.discountedDeductible) {
    premium -= rules.deductibleDiscount;
  }
  return Math.round(premium * 100) / 100;
}

// Made at the first amount shown, not when the module loads: a currency format costs a phone
// tens of milliseconds to set up, and the quote pages load this module before any amount.
let usd: Intl.NumberFormat | undefined;

/** "$1,234.50": US dollars with two decimals. */
export function formatMoney(amount: number): string {
  usd ??= new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
  return usd.format(amount);
}

/** The dashboard's monthly amount: two decimals, or "N/A" when there is none. */
export function formatQuoteAmount(amount: number | null | undefined): string {
  return typeof amount === "number" && Number.isFinite(amount) ? formatMoney(amount) : "N/A";
}

/** A fixed claim shown with every estimate. */
export const QUOTE_SAVINGS_PERCENT = 15;
export const QUOTE_VALID_DAYS = 30;
export const QUOTE_REVIEW_HOURS = 2;

export interface QuoteDiscount {
  label: string;
  /** The expansion of an abbreviated label, for an <abbr title>. */
  title?: string;
}

export const QUOTE_DIALOG_DISCOUNTS: readonly QuoteDiscount[] = [
  { label: "Multi-policy" },
  { label: "Safe driver" },
  { label: "Vehicle safety features" },
];

export const QUOTE_PAGE_DISCOUNTS: readonly QuoteDiscount[] = [
  { label: "Paperless" },
  { label: "EFT", title: "Electronic funds transfer" },
  { label: "Safe driver" },
  { label: "Vehicle safety features" },
];
