import type { ButtonHTMLAttributes, FormEvent, ReactNode } from "react";
import { cn } from "../../lib/cn";

type ButtonVariant = "primary" | "secondary" | "quiet";

const buttonVariants: Record<ButtonVariant, string> = {
  primary: "bg-brand-700 text-white shadow-sm hover:bg-brand-800 disabled:hover:bg-brand-700",
  secondary:
    "bg-white text-navy-900 ring-1 ring-slate-400 ring-inset hover:bg-slate-50 disabled:hover:bg-white",
  quiet: "text-brand-700 underline-offset-4 hover:underline",
};

export function QuoteButton({
  variant = "primary",
  className,
  type = "button",
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant }) {
  return (
    <button
      type={type}
      className={cn(
        "inline-flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-md px-5 py-2.5 text-base font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-70 aria-disabled:cursor-not-allowed aria-disabled:opacity-70",
        buttonVariants[variant],
        className,
      )}
      {...props}
    />
  );
}

export type HeadingLevel = 2 | 3;

interface StepFrameProps {
  title: string;
  /** A line under the title. */
  intro?: ReactNode;
  headingLevel: HeadingLevel;
  onSubmit: () => void;
  children: ReactNode;
  /** The buttons at the bottom (Back, Continue, ...). */
  actions: ReactNode;
}

/**
 * One step: its heading (focused when the step opens, so screen readers hear where they
 * are), its fields in a form (Enter continues; the browser's own bubbles are off, the
 * fields show the domain's messages instead), and its buttons.
 */
export function StepFrame({
  title,
  intro,
  headingLevel,
  onSubmit,
  children,
  actions,
}: StepFrameProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form noValidate onSubmit={handleSubmit} aria-label={title}>
      <Heading
        data-step-heading=""
        tabIndex={-1}
        className="text-2xl font-bold tracking-tight text-navy-900 focus:outline-none"
      >
        {title}
      </Heading>
      {intro ? <div className="mt-1 text-slate-700">{intro}</div> : null}
      <div className="mt-6 space-y-6">{children}</div>
      <div className="mt-8 flex flex-col-reverse gap-3 border-t border-slate-200 pt-6 sm:flex-row sm:items-center sm:justify-between">
        {actions}
      </div>
    </form>
  );
}

/** Back and Continue (Back on the first step leaves the wizard). */
export function StepActions({
  onBack,
  isDisabled,
  continueLabel = "Continue",
}: {
  onBack?: (() => void) | undefined;
  isDisabled?: boolean;
  continueLabel?: string;
}) {
  return (
    <>
      {onBack ? (
        <QuoteButton variant="secondary" onClick={onBack} disabled={isDisabled}>
          Back
        </QuoteButton>
      ) : (
        <span className="hidden sm:block" />
      )}
      <QuoteButton type="submit" disabled={isDisabled}>
        {continueLabel}
      </QuoteButton>
    </>
  );
}
