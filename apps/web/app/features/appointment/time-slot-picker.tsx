import { displaySlot } from "@agency/domain";
import { describedBy, errorIdOf, FieldMessage, hintIdOf } from "../../components/form-controls";
import { cn } from "../../lib/cn";
import type { DaySlotsState, SlotChoice } from "./use-day-slots";

interface TimeSlotPickerProps {
  id: string;
  value: string;
  choices: readonly SlotChoice[];
  state: DaySlotsState;
  error: string | undefined;
  onChoose: (time: string) => void;
  onBlur: () => void;
}

const NOTE_TEXT = { taken: "taken", passed: "passed" } as const;

/** What the visitor is told about the day's slots, above the radio buttons. */
function statusText(state: DaySlotsState, choices: readonly SlotChoice[]): string {
  switch (state.status) {
    case "no-date":
      return "Choose a date first to see which times are free.";
    case "loading":
      return "Checking which times are free…";
    case "failed":
      return "We could not check which times are free. Choose a time and we will confirm it.";
    case "ready": {
      if (state.day.closedReason) return state.day.closedReason;
      const free = choices.filter((choice) => choice.isSelectable).length;
      if (free === 0) return "No times are left on this day. Please choose another day.";
      return `${free} of ${choices.length} times are free on this day.`;
    }
  }
}

/**
 * The nine hourly slots as a radio group: one Tab stop, arrow keys move between the free
 * slots. A slot that is taken or has passed stays visible, disabled, with its reason in
 * its label ("10:00 AM — taken"); on a closed day none can be chosen.
 */
export function TimeSlotPicker({
  id,
  value,
  choices,
  state,
  error,
  onChoose,
  onBlur,
}: TimeSlotPickerProps) {
  const hintId = hintIdOf(id);
  const errorId = errorIdOf(id);
  return (
    <fieldset
      id={id}
      tabIndex={-1}
      aria-describedby={describedBy(hintId, error && errorId)}
      aria-busy={state.status === "loading" || undefined}
      onBlur={(event) => {
        // Leaving the group, not moving between its radio buttons.
        if (!event.currentTarget.contains(event.relatedTarget)) onBlur();
      }}
      className="min-w-0 focus:outline-none"
    >
      <legend className="text-sm font-semibold text-navy-900">
        Preferred time <span className="font-normal text-slate-600">(Central Time)</span>
      </legend>
      <p id={hintId} aria-live="polite" className="mt-1 text-sm text-slate-600">
        {statusText(state, choices)}
      </p>
      {/* An odd last slot of two columns takes the whole row: no empty cell (issue 26 §4). */}
      <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3 max-sm:[&>:last-child:nth-child(odd)]:col-span-2">
        {choices.map((choice) => {
          const label = choice.note
            ? `${displaySlot(choice.time)} — ${NOTE_TEXT[choice.note]}`
            : displaySlot(choice.time);
          return (
            <label
              key={choice.time}
              className={cn(
                "flex min-h-11 items-center gap-2 rounded-md border px-3 py-2 text-sm font-medium",
                choice.isSelectable
                  ? "cursor-pointer border-slate-500 bg-white text-slate-900 hover:bg-slate-50 has-checked:border-brand-700 has-checked:bg-brand-50 has-checked:text-navy-900 has-checked:ring-1 has-checked:ring-brand-700"
                  : "cursor-not-allowed border-slate-300 bg-slate-100 text-slate-600",
                error && choice.isSelectable && "border-red-700",
              )}
            >
              <input
                type="radio"
                name="time"
                value={choice.time}
                checked={value === choice.time}
                disabled={!choice.isSelectable}
                required
                aria-invalid={error && choice.isSelectable ? true : undefined}
                onChange={() => onChoose(choice.time)}
                className="size-5 shrink-0 cursor-pointer accent-brand-700 disabled:cursor-not-allowed"
              />
              <span>{label}</span>
            </label>
          );
        })}
      </div>
      <FieldMessage id={errorId} message={error} />
    </fieldset>
  );
}
