import { cn } from "../lib/cn";
import { primaryButtonClass } from "./control-classes";
import { sendingButtonProps } from "./form-controls";

/**
 * The end of a small form inside a panel (a note, a task, an email): what went wrong with
 * the whole submission, just above the button that sends it again; the button keeps focus
 * while sending (aria-disabled, a second press does nothing) and names what it acts on for
 * screen readers ("Add task on Ann Tester").
 */
export function PanelSubmit({
  error,
  isBusy,
  label,
  busyLabel,
  context,
}: {
  error: string | undefined;
  isBusy: boolean;
  label: string;
  busyLabel: string;
  /** Read after the label by screen readers: " on Ann Tester", " to Ann Tester". */
  context: string;
}) {
  return (
    <>
      {error ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
      <button
        type="submit"
        className={cn(
          primaryButtonClass,
          "aria-disabled:cursor-not-allowed aria-disabled:opacity-60",
        )}
        {...sendingButtonProps(isBusy)}
        aria-busy={isBusy}
      >
        {isBusy ? busyLabel : label}
        <span className="sr-only">{context}</span>
      </button>
    </>
  );
}
