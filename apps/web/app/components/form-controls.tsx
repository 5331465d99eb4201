import { AGENCY, formatPhone, phoneInputDigits } from "@agency/domain";
import {
  type InputHTMLAttributes,
  type MouseEvent,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useEffect,
  useRef,
} from "react";
import { cn } from "../lib/cn";
import { CallUsOffer } from "./call-us-offer";

/**
 * Labelled form controls for the public forms (contact, booking). Each message sits below
 * its control and is tied to it with aria-describedby and aria-invalid; every control has
 * a visible label and a target of at least 44 px.
 */

export const controlClass =
  "mt-1 block min-h-11 w-full min-w-0 rounded-md border bg-white px-3 py-2 text-base text-slate-900 shadow-xs disabled:cursor-not-allowed disabled:bg-slate-100";
export const validBorder = "border-slate-500";
export const invalidBorder = "border-red-700 ring-1 ring-red-700";

export function describedBy(...ids: Array<string | false | null | undefined>): string | undefined {
  const joined = ids.filter(Boolean).join(" ");
  return joined === "" ? undefined : joined;
}

export const errorIdOf = (id: string) => `${id}-error`;
export const hintIdOf = (id: string) => `${id}-hint`;

/** The message below a field; renders nothing when there is none. */
export function FieldMessage({ id, message }: { id: string; message: string | undefined }) {
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

export function FieldLabel({
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

function FieldHint({ id, hint }: { id: string; hint: ReactNode }) {
  if (!hint) return null;
  return (
    <p id={id} className="mt-1 text-sm text-slate-600">
      {hint}
    </p>
  );
}

interface CommonFieldProps {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  isOptional?: boolean;
  className?: string;
  onValueChange: (value: string) => void;
}

/**
 * A field's props split three ways: what its frame shows (label, hint, message), what every
 * control carries (its id, whether it is required, its change handler, its ties to the hint
 * and the message, its border), and the rest, which go to the control as they are.
 */
function splitFieldProps<Rest extends object>({
  id,
  label,
  error,
  hint,
  isOptional,
  className,
  onValueChange,
  ...rest
}: CommonFieldProps & Rest) {
  return {
    frame: { id, label, error, hint, isOptional, className },
    control: {
      id,
      required: !isOptional,
      onChange: (event: { target: { value: string } }) => onValueChange(event.target.value),
      "aria-invalid": error ? true : undefined,
      "aria-describedby": describedBy(hint ? hintIdOf(id) : undefined, error && errorIdOf(id)),
    },
    border: error ? invalidBorder : validBorder,
    rest,
  };
}

/** A control's label above it, and its hint and message below it. */
function FieldFrame({
  id,
  label,
  error,
  hint,
  isOptional,
  className,
  children,
}: Omit<CommonFieldProps, "onValueChange"> & { children: ReactNode }) {
  return (
    <div className={cn("min-w-0", className)}>
      <FieldLabel htmlFor={id} isOptional={isOptional}>
        {label}
      </FieldLabel>
      {children}
      <FieldHint id={hintIdOf(id)} hint={hint} />
      <FieldMessage id={errorIdOf(id)} message={error} />
    </div>
  );
}

type InputFieldProps = CommonFieldProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "onChange" | "className" | "children">;

export function InputField(props: InputFieldProps) {
  const { frame, control, border, rest } = splitFieldProps(props);
  return (
    <FieldFrame {...frame}>
      <input {...rest} {...control} className={cn(controlClass, border)} />
    </FieldFrame>
  );
}

type TextAreaFieldProps = CommonFieldProps &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "onChange" | "className" | "children">;

export function TextAreaField(props: TextAreaFieldProps) {
  const { frame, control, border, rest } = splitFieldProps(props);
  return (
    <FieldFrame {...frame}>
      <textarea rows={5} {...rest} {...control} className={cn(controlClass, "resize-y", border)} />
    </FieldFrame>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

type SelectFieldProps = CommonFieldProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "onChange" | "className" | "children"> & {
    options: readonly SelectOption[];
    /** The empty first choice ("Select a subject"); none when a default is always chosen. */
    placeholder?: string;
  };

export function SelectField(props: SelectFieldProps) {
  const {
    frame,
    control,
    border,
    rest: { options, placeholder, ...selectProps },
  } = splitFieldProps(props);
  return (
    <FieldFrame {...frame}>
      <select
        {...selectProps}
        {...control}
        className={cn(controlClass, "cursor-pointer pr-8", border)}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

interface CheckboxFieldProps {
  id: string;
  label: string;
  checked: boolean;
  error?: string | undefined;
  onCheckedChange: (checked: boolean) => void;
  onBlur?: () => void;
  disabled?: boolean;
  name?: string;
}

/** A required checkbox whose whole card is the click target, with its message below. */
export function CheckboxField({
  id,
  label,
  checked,
  error,
  onCheckedChange,
  onBlur,
  disabled,
  name,
}: CheckboxFieldProps) {
  return (
    <div className="min-w-0">
      <div
        className={cn(
          "relative flex items-center gap-3 rounded-lg border p-3 transition-colors",
          error
            ? "border-red-700 bg-white ring-1 ring-red-700"
            : checked
              ? "border-brand-600 bg-brand-50"
              : "border-slate-400 bg-white hover:bg-slate-50",
        )}
      >
        <input
          id={id}
          name={name}
          type="checkbox"
          checked={checked}
          disabled={disabled}
          required
          onChange={(event) => onCheckedChange(event.target.checked)}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorIdOf(id) : undefined}
          className="relative z-10 size-6 shrink-0 cursor-pointer accent-brand-700"
        />
        {/* The label covers the whole card, so the card is the click target. */}
        <label
          htmlFor={id}
          className="cursor-pointer font-semibold text-navy-900 after:absolute after:inset-0"
        >
          {label}
        </label>
      </div>
      <FieldMessage id={errorIdOf(id)} message={error} />
    </div>
  );
}

/**
 * A banner for what went wrong with the whole submission. Whenever it appears or its
 * message changes it scrolls itself fully into view if it is not (issue 16 §1: a message
 * half below the fold, or under the sticky header, is a message not seen). Focus stays
 * wherever the form put it, unless `takesFocus`: then the banner takes it too, for a form
 * with no field to send the person back to. `offersPhone` adds the
 * agency's phone number below the message (unless the message already gives it): every
 * failure of a public form offers it.
 */
export function FormAlert({
  id,
  title,
  children,
  focusRef,
  takesFocus = false,
  offersPhone = false,
}: {
  id?: string;
  title?: string;
  children: ReactNode;
  focusRef?: Ref<HTMLDivElement>;
  takesFocus?: boolean;
  offersPhone?: boolean;
}) {
  const ownRef = useRef<HTMLDivElement | null>(null);
  const message = `${title ?? ""}${typeof children === "string" ? children : ""}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new message scrolls again
  useEffect(() => {
    const node = ownRef.current;
    if (!node) return;
    // Focus without the browser's own scroll, which ignores scroll-margin (the sticky header).
    if (takesFocus) node.focus({ preventScroll: true });
    node.scrollIntoView({ block: "nearest" });
  }, [message]);
  const setRef = (node: HTMLDivElement | null) => {
    ownRef.current = node;
    if (typeof focusRef === "function") focusRef(node);
    else if (focusRef) focusRef.current = node;
  };
  return (
    <div
      id={id}
      ref={setRef}
      tabIndex={-1}
      role="alert"
      className="scroll-mt-24 scroll-mb-4 rounded-lg border border-red-700 bg-red-50 p-4 text-red-800 focus:outline-none focus-visible:outline-3"
    >
      {title ? <p className="font-semibold">{title}</p> : null}
      <div className={cn("font-medium", title && "mt-1")}>{children}</div>
      {offersPhone && !message.includes(AGENCY.phone) ? <CallUsOffer /> : null}
    </div>
  );
}

type PhoneFieldProps = Omit<CommonFieldProps, "onValueChange"> &
  Omit<
    InputHTMLAttributes<HTMLInputElement>,
    "id" | "value" | "onChange" | "onPaste" | "className" | "children" | "type" | "maxLength"
  > & {
    /** The number as digits only (what the forms store and send). */
    digits: string;
    onDigitsChange: (digits: string) => void;
  };

/**
 * A phone input that keeps the digits a visitor meant (phoneInputDigits: a leading
 * country code 1 is dropped once the number is complete) and shows them as
 * (AAA) BBB-CCCC when they make a valid number (formatPhone). It has no `maxLength`,
 * which would cut "+1 (612) 555-0100" on paste and block the last digit of
 * "+1 612 555 0100" on typing; the display stays within 14 characters by construction.
 */
export function PhoneField({ digits, onDigitsChange, ...props }: PhoneFieldProps) {
  return (
    <InputField
      {...props}
      type="tel"
      inputMode="tel"
      value={formatPhone(digits)}
      onValueChange={(typed) => onDigitsChange(phoneInputDigits(typed))}
      onPaste={(event) => {
        // Read from the clipboard and placed where the caret is, so what is kept does not
        // depend on how the browser merges a paste into the formatted value.
        const pasted = event.clipboardData.getData("text");
        if (pasted === "") return;
        event.preventDefault();
        const input = event.currentTarget;
        const start = input.selectionStart ?? input.value.length;
        const end = input.selectionEnd ?? input.value.length;
        onDigitsChange(
          phoneInputDigits(input.value.slice(0, start) + pasted + input.value.slice(end)),
        );
      }}
    />
  );
}

/**
 * What a submit button carries while its form sends: aria-disabled rather than disabled, so
 * the button keeps focus (a disabled button drops it to the page, and a keyboard user
 * starts again from the top: issue 26 §4), and a press that does nothing (no second
 * submission: the click is cancelled, and with it an Enter's implicit submission). The
 * forms' send-once guard (use-form-submission) stays behind it.
 */
export function sendingButtonProps(isBusy: boolean) {
  return {
    "aria-disabled": isBusy || undefined,
    onClick: (event: MouseEvent<HTMLButtonElement>) => {
      if (isBusy) event.preventDefault();
    },
  };
}

/** A form's submit button, unavailable while sending (sendingButtonProps; a press before the
 * page is live is held and made again once it is: lib/early-input), with its
 * progress line for screen readers. */
export function SubmitButton({
  isBusy,
  label,
  busyLabel,
  busyStatus,
}: {
  isBusy: boolean;
  label: string;
  busyLabel: string;
  busyStatus: string;
}) {
  return (
    <>
      <button
        type="submit"
        {...sendingButtonProps(isBusy)}
        className="inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-md bg-brand-700 px-6 py-3 text-base font-semibold text-white shadow-sm transition-colors hover:bg-brand-800 aria-disabled:cursor-not-allowed aria-disabled:bg-slate-500 sm:w-auto"
      >
        {isBusy ? busyLabel : label}
      </button>
      <p className="sr-only" role="status">
        {isBusy ? busyStatus : ""}
      </p>
    </>
  );
}
