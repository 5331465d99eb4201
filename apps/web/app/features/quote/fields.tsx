import type { ChangeEvent, InputHTMLAttributes, ReactNode } from "react";
import {
  controlClass,
  describedBy,
  FieldLabel,
  FieldMessage,
  invalidBorder,
  validBorder,
} from "../../components/form-controls";
import { cn } from "../../lib/cn";

/** What every field takes from `useQuoteWizard().field(path)`. */
export interface FieldBinding {
  id: string;
  error: string | undefined;
  onBlur: () => void;
}

export interface Option {
  value: string;
  label: string;
}

const readOnlyClass = "border-slate-300 bg-slate-100 text-slate-700";

type TextInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "id" | "value" | "onChange" | "onBlur" | "className" | "children"
>;

interface TextFieldProps extends TextInputProps {
  binding: FieldBinding;
  label: string;
  value: string;
  onValueChange?: (value: string) => void;
  hint?: string | undefined;
  isOptional?: boolean;
  className?: string;
}

/**
 * A labelled input with its hint and its message below it; the message is tied to the
 * input (aria-describedby, aria-invalid). Read-only inputs stay focusable and readable.
 */
export function TextField({
  binding,
  label,
  value,
  onValueChange,
  hint,
  isOptional,
  className,
  readOnly,
  ...inputProps
}: TextFieldProps) {
  const { id, error, onBlur } = binding;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={cn("min-w-0", className)}>
      <FieldLabel htmlFor={id} isOptional={isOptional}>
        {label}
      </FieldLabel>
      <input
        {...inputProps}
        id={id}
        value={value}
        readOnly={readOnly}
        required={!isOptional && !readOnly}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onValueChange?.(event.target.value)}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint && hintId, error && errorId)}
        className={cn(controlClass, readOnly ? readOnlyClass : error ? invalidBorder : validBorder)}
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldMessage id={errorId} message={error} />
    </div>
  );
}

interface SelectFieldProps {
  binding: FieldBinding;
  label: string;
  value: string;
  options: readonly Option[];
  onValueChange: (value: string) => void;
  /** The empty first choice ("Select year"); none when a default is always chosen. */
  placeholder?: string;
  hint?: string;
  autoComplete?: string;
  className?: string;
}

export function SelectField({
  binding,
  label,
  value,
  options,
  onValueChange,
  placeholder,
  hint,
  autoComplete,
  className,
}: SelectFieldProps) {
  const { id, error, onBlur } = binding;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={cn("min-w-0", className)}>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <select
        id={id}
        value={value}
        required
        autoComplete={autoComplete}
        onChange={(event) => onValueChange(event.target.value)}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint && hintId, error && errorId)}
        className={cn(controlClass, "cursor-pointer pr-8", error ? invalidBorder : validBorder)}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldMessage id={errorId} message={error} />
    </div>
  );
}

interface CheckboxFieldProps {
  id: string;
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  description?: string;
}

/** A checkbox with its label (and an optional line of explanation) as one large target. */
export function CheckboxField({
  id,
  label,
  checked,
  onCheckedChange,
  description,
}: CheckboxFieldProps) {
  const descriptionId = `${id}-description`;
  return (
    <div
      className={cn(
        "relative flex items-start gap-3 rounded-lg border p-3 transition-colors",
        checked ? "border-brand-600 bg-brand-50" : "border-slate-300 bg-white hover:bg-slate-50",
      )}
    >
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onCheckedChange(event.target.checked)}
        aria-describedby={description ? descriptionId : undefined}
        className="relative z-10 mt-0.5 size-5 shrink-0 cursor-pointer accent-brand-700"
      />
      <div className="min-w-0">
        {/* The label covers the whole card, so the card is the click target. */}
        <label
          htmlFor={id}
          className="cursor-pointer text-sm font-semibold text-navy-900 after:absolute after:inset-0"
        >
          {label}
        </label>
        {description ? (
          <p id={descriptionId} className="text-sm text-slate-600">
            {description}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** A group of related fields under a visible legend. */
export function FieldGroup({
  legend,
  children,
  className,
  describedBy: groupDescribedBy,
}: {
  legend: ReactNode;
  children: ReactNode;
  className?: string;
  describedBy?: string | undefined;
}) {
  return (
    <fieldset className={cn("min-w-0", className)} aria-describedby={groupDescribedBy}>
      <legend className="text-base font-bold text-navy-900">{legend}</legend>
      {children}
    </fieldset>
  );
}
