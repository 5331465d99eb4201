import {
  estimateMonthlyPremium,
  formatMoney,
  liabilityLabel,
  QUOTE_REVIEW_HOURS,
  QUOTE_SAVINGS_PERCENT,
  QUOTE_VALID_DAYS,
  type QuoteDiscount,
} from "@agency/domain";
import { useMemo } from "react";
import type { HeadingLevel } from "./step-frame";
import type { StepProps } from "./step-props";

const COVERAGE_NAMES = {
  collision: "Collision",
  comprehensive: "Comprehensive",
  uninsuredMotorist: "Uninsured motorist",
  medicalPayments: "Medical payments",
  rentalReimbursement: "Rental reimbursement",
  roadsideAssistance: "Roadside assistance",
} as const;

function CheckMark() {
  return (
    <svg
      viewBox="0 0 20 20"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
      className="mt-0.5 size-5 shrink-0 text-emerald-700"
    >
      <path
        fillRule="evenodd"
        d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z"
        clipRule="evenodd"
      />
    </svg>
  );
}

function DiscountLabel({ discount }: { discount: QuoteDiscount }) {
  return discount.title ? (
    <abbr title={discount.title} className="cursor-help">
      {discount.label}
    </abbr>
  ) : (
    discount.label
  );
}

/**
 * The Quote step: the estimate (the domain's formula, the same one the server uses to
 * price what it stores), the claims the spec makes about it, and a summary of the answers.
 */
export function EstimateStep({
  wizard,
  discounts,
  headingLevel,
}: StepProps & { discounts: readonly QuoteDiscount[]; headingLevel: HeadingLevel }) {
  const { form } = wizard;
  const Subheading = headingLevel === 2 ? "h3" : "h4";
  const estimate = useMemo(
    () =>
      estimateMonthlyPremium({
        ...form,
        vehicleInfo: { ...form.vehicleInfo, safetyFeatures: form.vehicleInfo.safetyFeatures ?? [] },
      }),
    [form],
  );
  const { vehicleInfo: vehicle, coverage } = form;
  const chosenCoverages = (Object.keys(COVERAGE_NAMES) as Array<keyof typeof COVERAGE_NAMES>)
    .filter((key) => coverage[key])
    .map((key) => COVERAGE_NAMES[key]);
  return (
    <>
      <div className="rounded-2xl bg-linear-to-br from-navy-900 to-navy-700 p-6 text-white sm:p-8">
        <p className="text-sm font-semibold tracking-wide text-amber-300 uppercase">
          Estimated monthly premium
        </p>
        <p className="mt-2 flex flex-wrap items-baseline gap-x-2">
          <span data-quote-estimate="" className="text-4xl font-bold tracking-tight sm:text-5xl">
            {formatMoney(estimate)}
          </span>
          <span className="text-lg text-slate-200">per month</span>
        </p>
        <p className="mt-3 text-lg font-semibold">
          Save up to {QUOTE_SAVINGS_PERCENT}% with the discounts you qualify for.
        </p>
      </div>

      <div className="grid gap-6 md:grid-cols-2">
        <section aria-labelledby={wizard.fieldId("discounts-heading")}>
          <Subheading
            id={wizard.fieldId("discounts-heading")}
            className="text-base font-bold text-navy-900"
          >
            Discounts you may qualify for
          </Subheading>
          <ul className="mt-3 space-y-2">
            {discounts.map((discount) => (
              <li key={discount.label} className="flex items-start gap-2 text-slate-800">
                <CheckMark />
                <span>
                  <DiscountLabel discount={discount} />
                </span>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby={wizard.fieldId("summary-heading")}>
          <Subheading
            id={wizard.fieldId("summary-heading")}
            className="text-base font-bold text-navy-900"
          >
            Your answers
          </Subheading>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
            <dt className="font-semibold text-slate-700">Vehicle</dt>
            <dd className="min-w-0 text-slate-900">
              {vehicle.year} {vehicle.make} {vehicle.model}
            </dd>
            <dt className="font-semibold text-slate-700">Drivers</dt>
            <dd className="min-w-0 text-slate-900">
              {form.drivers.map((driver) => `${driver.firstName} ${driver.lastName}`).join(", ")}
            </dd>
            <dt className="font-semibold text-slate-700">Liability</dt>
            <dd className="text-slate-900">{liabilityLabel(coverage.liability)}</dd>
            <dt className="font-semibold text-slate-700">Deductible</dt>
            <dd className="text-slate-900">
              ${Number(coverage.deductible).toLocaleString("en-US")}
            </dd>
            <dt className="font-semibold text-slate-700">Coverages</dt>
            <dd className="min-w-0 text-slate-900">
              {chosenCoverages.length > 0 ? chosenCoverages.join(", ") : "Liability only"}
            </dd>
          </dl>
        </section>
      </div>

      <ul className="space-y-2 text-slate-800">
        <li className="flex items-start gap-2">
          <CheckMark />
          <span>This quote is valid for {QUOTE_VALID_DAYS} days.</span>
        </li>
        <li className="flex items-start gap-2">
          <CheckMark />
          <span>
            A licensed agent reviews your quote within {QUOTE_REVIEW_HOURS} hours and emails you.
          </span>
        </li>
      </ul>

      <p className="rounded-lg border border-amber-400 bg-amber-50 p-4 text-sm text-amber-950">
        <strong className="font-semibold">This is an estimate, not bound coverage.</strong> You are
        not insured until a licensed agent confirms your policy in writing.
      </p>
    </>
  );
}
