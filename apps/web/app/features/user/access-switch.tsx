import { useId } from "react";
import { cn } from "../../lib/cn";

interface AccessSwitchProps {
  label: string;
  description: string;
  isOn: boolean;
  isBusy: boolean;
  /** Another change to this user is being saved. */
  isDisabled: boolean;
  /** Why the signed-in user may not change this (the server's own words), if they may not. */
  lockedReason?: string | null;
  /** Locked, with the reason said once elsewhere (the whole account is out of reach). */
  isLocked?: boolean;
  onToggle: () => void;
}

/**
 * An on/off switch (`role="switch"` on a real button: Space and Enter toggle it). The
 * visible label names it and the description is tied to it; while its change is being
 * saved it is marked busy, and every control of that user is disabled (one change at a
 * time, so a role list is never computed from a stale copy). aria-disabled rather than
 * disabled, so the focused switch keeps keyboard focus while it saves.
 */
export function AccessSwitch({
  label,
  description,
  isOn,
  isBusy,
  isDisabled,
  lockedReason = null,
  isLocked = lockedReason !== null,
  onToggle,
}: AccessSwitchProps) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4 py-3">
      <div className="min-w-0">
        <span id={`${id}-label`} className="block text-base font-semibold text-navy-900">
          {label}
        </span>
        <span id={`${id}-description`} className="mt-0.5 block text-sm text-slate-600">
          {description}
          {lockedReason ? (
            <span className="mt-1 block font-medium text-slate-800">{lockedReason}</span>
          ) : null}
        </span>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={isOn}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-description`}
        aria-busy={isBusy || undefined}
        aria-disabled={isBusy || isDisabled || isLocked || undefined}
        onClick={() => {
          if (!isBusy && !isDisabled && !isLocked) onToggle();
        }}
        className={cn(
          "relative mt-0.5 inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full border-2 transition-colors motion-reduce:transition-none aria-disabled:cursor-wait aria-disabled:opacity-70",
          isLocked && "aria-disabled:cursor-not-allowed aria-disabled:opacity-50",
          isOn ? "border-brand-700 bg-brand-700" : "border-slate-500 bg-slate-200",
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            "inline-block size-5 rounded-full bg-white shadow ring-1 ring-slate-400 transition-transform motion-reduce:transition-none",
            isOn ? "translate-x-5.5" : "translate-x-0.5",
          )}
        />
      </button>
    </div>
  );
}
