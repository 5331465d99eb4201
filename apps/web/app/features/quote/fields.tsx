import type { ChangeEvent, InputHTMLAttributes, ReactNode } from "react";
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

const controlClass =
  "mt-1 block min-h-11 w-full min-w-0 rounded-md border bg-white px-3 py-2 text-base text-slate-900 shadow-xs";
const validBorder = "border-slate-500";
const invalidBorder = "border-red-700 ring-1 ring-red-700";
const readOnlyClass = "border-slate-300 bg-slate-100 text-slate-700";

function describedBy(...ids: Array<string | false | undefined>): string | undefined {
  const joined = ids.filter(Boolean).join(" ");
  return joined === "" ? undefined : joined;
}

function FieldMessage({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-red-700">
      <svg
        viewBox="0 0 20 20"
        fill="currentColor"
        aria-hidden="true"
        focusable="false"
        className="mt-0.5 size-4 shrink-0"
      >
        <path
          fillRule="evenodd"
          d="M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-8-5a.75.75 0 0 1 .75.75v4.5a.75.75 0 0 1-1.5 0v-4.5A.75.75 0 0 1 10 5Zm0 10a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
          clipRule="evenodd"
        />
      </svg>
      <span>{message}</span>
    </p>
  );
}

function Label({
  htmlFor,
  children,
  isOptional,
}: {
  htmlFor: string;
  children: ReactNode;
  isOptional?: boolean | undefined;
}) {
  return (
    <label htmlFor={htmlFor} className="block text-sm font-semibold text-navy-900">
      {children}
      {isOptional ? <span className="font-normal text-slate-600"> (optional)</span> : null}
    </label>
  );
}

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
      <Label htmlFor={id} isOptional={isOptional}>
        {label}
      </Label>
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
      <Label htmlFor={id}>{label}</Label>
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
