import { QUOTE_STEPS } from "@agency/domain";
import { cn } from "../../lib/cn";
import type { QuoteWizard } from "./use-quote-wizard";

function CheckIcon() {
  return (
    <svg
      viewBox="0 0 20 20"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
      className="size-3.5"
    >
      <path
        fillRule="evenodd"
        d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z"
        clipRule="evenodd"
      />
    </svg>
  );
}

/**
 * The page's progress bar: an ordered list of the five steps. The current one carries
 * aria-current="step", finished ones a check mark (and "completed" for screen readers),
 * and a step is a button that works only when every step before it is complete.
 */
export function QuoteProgress({ wizard }: { wizard: QuoteWizard }) {
  const currentIndex = QUOTE_STEPS.findIndex((candidate) => candidate.id === wizard.step);
  return (
    <nav aria-label="Quote progress">
      <ol className="grid grid-cols-5 gap-1.5 sm:gap-3">
        {QUOTE_STEPS.map((step, index) => {
          const isCurrent = index === currentIndex;
          const isCompleted = wizard.isStepCompleted(step.id);
          const isReached = isCurrent || isCompleted || index < currentIndex;
          const canOpen = !isCurrent && wizard.canOpenStep(step.id);
          return (
            <li key={step.id} className="min-w-0">
              <button
                type="button"
                onClick={() => wizard.openStep(step.id)}
                disabled={!isCurrent && !canOpen}
                aria-current={isCurrent ? "step" : undefined}
                className={cn(
                  "group flex w-full flex-col items-center gap-2 rounded-md px-0.5 pt-1 pb-1.5 text-center disabled:cursor-not-allowed",
                  canOpen && "cursor-pointer hover:bg-brand-50",
                  isCurrent && "cursor-default",
                )}
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    "h-1.5 w-full rounded-full",
                    isReached ? "bg-brand-700" : "bg-slate-200",
                  )}
                />
                <span className="flex flex-col items-center gap-1 sm:flex-row sm:gap-2">
                  <span
                    aria-hidden="true"
                    className={cn(
                      "flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-bold",
                      isCompleted
                        ? "bg-emerald-700 text-white"
                        : isCurrent
                          ? "bg-brand-700 text-white"
                          : "bg-slate-200 text-slate-700",
                    )}
                  >
                    {isCompleted ? <CheckIcon /> : index + 1}
                  </span>
                  <span
                    className={cn(
                      "text-xs leading-tight sm:text-sm",
                      isCurrent ? "font-bold text-navy-900" : "font-medium text-slate-700",
                    )}
                  >
                    {step.label}
                    {isCompleted ? <span className="sr-only"> (completed)</span> : null}
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
