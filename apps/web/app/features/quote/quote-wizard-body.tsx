import { QUOTE_MESSAGES, QUOTE_STEPS, type QuoteDiscount, type QuoteStep } from "@agency/domain";
import type { ReactNode } from "react";
import { CallUsOffer } from "../../components/call-us-offer";
import { sendingButtonProps } from "../../components/form-controls";
import { PrivacyNotice } from "../../components/privacy-notice";
import { CoverageStep } from "./coverage-step";
import { DriversStep } from "./drivers-step";
import { EstimateStep } from "./estimate-step";
import { PersonalStep } from "./personal-step";
import { stepIndex } from "./quote-steps";
import { type HeadingLevel, QuoteButton, StepActions, StepFrame } from "./step-frame";
import type { StepProps } from "./step-props";
import type { QuoteWizard, SubmitState } from "./use-quote-wizard";
import { VehicleStep } from "./vehicle-step";

const STEP_INTROS: Record<QuoteStep, string> = {
  start: "Tell us who you are and where the vehicle is kept. Every field is required.",
  vehicle: "The vehicle you want to insure. Only the VIN is optional.",
  drivers: "Everyone who will drive the vehicle.",
  details: "Choose your limits and coverages. Your agent can adjust them with you later.",
  rate: "Your estimate, based on your answers.",
};

function SubmitBanner({ state }: { state: SubmitState }) {
  if (state.status === "success") {
    return (
      <div
        data-quote-banner=""
        tabIndex={-1}
        role="status"
        className="mb-6 flex items-start gap-3 rounded-lg border border-emerald-600 bg-emerald-50 p-4 font-semibold text-emerald-950 focus:outline-none focus-visible:outline-3"
      >
        {QUOTE_MESSAGES.submitted}
      </div>
    );
  }
  if (state.status === "error") {
    return (
      <div
        data-quote-banner=""
        tabIndex={-1}
        role="alert"
        className="mb-6 rounded-lg border border-red-700 bg-red-50 p-4 font-semibold text-red-800 focus:outline-none focus-visible:outline-3"
      >
        <p>{state.message}</p>
        <CallUsOffer />
      </div>
    );
  }
  return null;
}

interface QuoteWizardBodyProps {
  wizard: QuoteWizard;
  headingLevel: HeadingLevel;
  discounts: readonly QuoteDiscount[];
  /**
   * Back on the first step (the spec: every step has Back): leaves the wizard the way the
   * visitor came in; the draft is kept (decision 0039).
   */
  onLeave: () => void;
}

/** The banner and the current step with its buttons; the page and the dialog frame it. */
export function QuoteWizardBody({
  wizard,
  headingLevel,
  discounts,
  onLeave,
}: QuoteWizardBodyProps) {
  const { step, isBusy, isSubmitted, maxBirthDate } = wizard;
  const index = stepIndex(step);
  const label = QUOTE_STEPS[index]?.label ?? "";
  const stepProps: StepProps = { wizard, maxBirthDate };
  const onBack = index > 0 ? wizard.goBack : onLeave;

  let content: ReactNode;
  switch (step) {
    case "start":
      content = <PersonalStep {...stepProps} />;
      break;
    case "vehicle":
      content = <VehicleStep {...stepProps} />;
      break;
    case "drivers":
      content = <DriversStep {...stepProps} />;
      break;
    case "details":
      content = <CoverageStep {...stepProps} />;
      break;
    case "rate":
      content = (
        <>
          <EstimateStep {...stepProps} discounts={discounts} headingLevel={headingLevel} />
          {isSubmitted ? null : (
            <PrivacyNotice
              id={wizard.fieldId("contactConsent")}
              consent={wizard.contactConsent}
              onConsentChange={wizard.setContactConsent}
              className="mt-6"
            />
          )}
        </>
      );
      break;
  }

  const actions =
    step === "rate" ? (
      <>
        {isSubmitted ? (
          <span className="hidden sm:block" />
        ) : (
          <QuoteButton variant="secondary" onClick={wizard.goBack} disabled={isBusy}>
            Back
          </QuoteButton>
        )}
        <div className="flex flex-col-reverse gap-3 sm:flex-row">
          <QuoteButton variant="secondary" onClick={wizard.startNewQuote} disabled={isBusy}>
            Start New Quote
          </QuoteButton>
          {isSubmitted ? null : (
            <QuoteButton type="submit" {...sendingButtonProps(isBusy)}>
              {isBusy ? QUOTE_MESSAGES.processing : "Get Your Quote"}
            </QuoteButton>
          )}
        </div>
      </>
    ) : (
      <StepActions onBack={onBack} isDisabled={isBusy} />
    );

  return (
    <div>
      <SubmitBanner state={wizard.submitState} />
      <p className="mb-1 text-sm font-semibold text-brand-700">
        Step {index + 1} of {QUOTE_STEPS.length}
      </p>
      <StepFrame
        key={step}
        title={label}
        intro={STEP_INTROS[step]}
        headingLevel={headingLevel}
        onSubmit={step === "rate" ? () => void wizard.submit() : wizard.goForward}
        actions={actions}
      >
        {content}
      </StepFrame>
    </div>
  );
}
