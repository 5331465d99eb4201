import { QUOTE_STEPS } from "@agency/domain";
import type { KeyboardEvent } from "react";
import { cn } from "../../lib/cn";
import { isStepReachable } from "./quote-steps";
import type { QuoteWizard } from "./use-quote-wizard";

export function tabIdFor(wizard: QuoteWizard, step: string): string {
  return wizard.fieldId(`tab-${step}`);
}

/**
 * The dialog's steps as tabs. A tab whose earlier steps are not complete is disabled and
 * marked "Required". Arrow keys, Home and End move between the tabs that can be opened;
 * Enter or Space opens one (manual activation: opening a later tab checks the answers).
 */
export function QuoteTabs({ wizard, panelId }: { wizard: QuoteWizard; panelId: string }) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const keys = ["ArrowLeft", "ArrowRight", "Home", "End"];
    if (!keys.includes(event.key)) return;
    const tabs = [
      ...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]'),
    ].filter((tab) => !tab.disabled);
    const current = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (tabs.length === 0) return;
    event.preventDefault();
    let next = current;
    if (event.key === "Home") next = 0;
    else if (event.key === "End") next = tabs.length - 1;
    else if (event.key === "ArrowRight") next = (current + 1) % tabs.length;
    else next = (current - 1 + tabs.length) % tabs.length;
    tabs[next]?.focus();
  };

  return (
    <div
      role="tablist"
      aria-label="Quote steps"
      onKeyDown={onKeyDown}
      className="grid grid-cols-5 gap-1 border-b border-slate-200 bg-slate-50 px-2 pt-2 sm:px-4"
    >
      {QUOTE_STEPS.map((step, index) => {
        const isCurrent = step.id === wizard.step;
        const isRequired = !isStepReachable(step.id, wizard.form);
        const isDisabled = !isCurrent && !wizard.canOpenStep(step.id);
        const isCompleted = wizard.isStepCompleted(step.id);
        return (
          <button
            key={step.id}
            type="button"
            role="tab"
            id={tabIdFor(wizard, step.id)}
            aria-selected={isCurrent}
            aria-controls={panelId}
            tabIndex={isCurrent ? 0 : -1}
            disabled={isDisabled}
            onClick={() => wizard.openStep(step.id)}
            className={cn(
              "-mb-px flex min-h-12 min-w-0 flex-col items-center justify-center gap-0.5 rounded-t-md border-b-3 px-0.5 py-1.5 text-center text-xs leading-tight sm:text-sm",
              isCurrent
                ? "border-brand-700 bg-white font-bold text-navy-900"
                : "border-transparent font-medium text-slate-700",
              !isDisabled && !isCurrent && "cursor-pointer hover:bg-white",
              isDisabled && "cursor-not-allowed text-slate-600",
            )}
          >
            <span className="flex items-center gap-1">
              {isCompleted ? (
                <span aria-hidden="true" className="text-emerald-700">
                  ✓
                </span>
              ) : (
                <span aria-hidden="true" className="hidden sm:inline">
                  {index + 1}.
                </span>
              )}
              <span>{step.label}</span>
              {isCompleted ? <span className="sr-only"> (completed)</span> : null}
            </span>
            {isRequired ? (
              <span className="rounded-full bg-amber-100 px-1.5 text-[0.6875rem] font-semibold text-amber-900">
                Required
              </span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}
