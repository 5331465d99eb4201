import { type InputHTMLAttributes, type ReactNode, useState } from "react";
import {
  controlClass,
  describedBy,
  errorIdOf,
  FieldLabel,
  FieldMessage,
  hintIdOf,
} from "../../components/form-controls";
import { AuthCheckCircleIcon, AuthEyeIcon, EyeOffIcon } from "../../components/icons/index";
import { cn } from "../../lib/cn";

type PasswordFieldProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "id" | "value" | "onChange" | "className" | "children" | "type"
> & {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
  /** What the toggle reveals, for its name: "Show password", "Show new password". */
  toggleNoun?: string;
};

/**
 * A password input with a show/hide toggle. The toggle is a real button beside the input
 * (never over the typed text); its name says what it will do ("Show password" / "Hide
 * password"), so the visible word is part of the accessible name (WCAG 2.5.3).
 */
export function PasswordField({
  id,
  label,
  value,
  onValueChange,
  error,
  hint,
  toggleNoun = "password",
  ...inputProps
}: PasswordFieldProps) {
  const [isVisible, setIsVisible] = useState(false);
  return (
    <div className="min-w-0">
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <div className="flex items-end gap-2">
        <input
          {...inputProps}
          id={id}
          type={isVisible ? "text" : "password"}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(hint && hintIdOf(id), error && errorIdOf(id))}
          className={cn(
            controlClass,
            error ? "border-red-700 ring-1 ring-red-700" : "border-slate-500",
          )}
        />
        <button
          type="button"
          aria-controls={id}
          onClick={() => setIsVisible((visible) => !visible)}
          className="flex min-h-11 shrink-0 cursor-pointer items-center gap-1.5 rounded-md border border-slate-500 bg-white px-3 text-sm font-semibold text-navy-900 hover:bg-slate-50"
        >
          {isVisible ? <EyeOffIcon /> : <AuthEyeIcon />}
          {isVisible ? "Hide" : "Show"}
          <span className="sr-only"> {toggleNoun}</span>
        </button>
      </div>
      {hint ? (
        <p id={hintIdOf(id)} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldMessage id={errorIdOf(id)} message={error} />
    </div>
  );
}

/** A success or neutral answer shown in place (put it inside a status region). */
export function FormNotice({
  children,
  tone = "success",
}: {
  children: ReactNode;
  tone?: "success" | "info";
}) {
  return (
    <div
      className={cn(
        "flex items-start gap-2 rounded-lg border p-4 font-medium",
        tone === "success"
          ? "border-emerald-700 bg-emerald-50 text-emerald-950"
          : "border-brand-600 bg-brand-50 text-navy-950",
      )}
    >
      <AuthCheckCircleIcon
        className={cn(
          "mt-0.5 size-5 shrink-0",
          tone === "success" ? "text-emerald-700" : "text-brand-700",
        )}
      />
      <div className="min-w-0">{children}</div>
    </div>
  );
}

/** Moves focus to a field by id (the first invalid one after a submit). */
export function focusField(id: string) {
  document.getElementById(id)?.focus();
}

export const primaryButtonClass =
  "inline-flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-md bg-brand-700 px-5 py-2.5 text-base font-semibold text-white shadow-sm hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-70 aria-disabled:cursor-not-allowed aria-disabled:opacity-70";

export const secondaryButtonClass =
  "inline-flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-md bg-white px-5 py-2.5 text-base font-semibold text-navy-900 ring-1 ring-slate-400 ring-inset hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-70 aria-disabled:cursor-not-allowed aria-disabled:opacity-70";

export const textButtonClass =
  "min-h-6 cursor-pointer rounded-sm text-sm font-semibold text-brand-700 underline-offset-4 hover:text-brand-800 hover:underline";
