// First: configures zod before the domain builds its schemas (strict CSP, no eval).
import { API_ENDPOINTS, PASSWORD_LIMITS, PasswordSchema } from "@agency/domain";
import { type FormEvent, useId, useRef, useState } from "react";
import { inputClass, primaryButtonClass } from "../../components/control-classes";
import { errorText } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { cn } from "../../lib/cn";

type Field = "currentPassword" | "newPassword" | "confirmPassword";
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

const CURRENT_REQUIRED = "Current password is required";
const MISMATCH = "The new passwords do not match";

/** The same rules as the server (PasswordSchema), so the first problem shows before sending. */
function validate(values: Values): Errors {
  const errors: Errors = {};
  if (values.currentPassword === "") errors.currentPassword = CURRENT_REQUIRED;
  const parsed = PasswordSchema.safeParse(values.newPassword);
  if (!parsed.success) errors.newPassword = parsed.error.issues[0]?.message ?? "Invalid password";
  else if (values.confirmPassword !== values.newPassword) errors.confirmPassword = MISMATCH;
  return errors;
}

const FIELDS: { name: Field; label: string; autoComplete: string; hint?: string }[] = [
  { name: "currentPassword", label: "Current password", autoComplete: "current-password" },
  {
    name: "newPassword",
    label: "New password",
    autoComplete: "new-password",
    hint: `At least ${PASSWORD_LIMITS.minLength} characters. A few unrelated words make a strong one.`,
  },
  { name: "confirmPassword", label: "Confirm new password", autoComplete: "new-password" },
];

/** Change your own password: checked here, then by the server (which signs out other sessions). */
export function ChangePasswordForm() {
  const { call } = useAuth();
  const idPrefix = useId();
  const [values, setValues] = useState<Values>({
    currentPassword: "",
    newPassword: "",
    confirmPassword: "",
  });
  const [errors, setErrors] = useState<Errors>({});
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [isSending, setIsSending] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const idOf = (field: Field) => `${idPrefix}-${field}`;

  function change(field: Field, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    // Once a field has been left, it is checked as it changes.
    if (touched[field]) setErrors((current) => ({ ...current, [field]: validate(next)[field] }));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSending) return;
    const found = validate(values);
    setErrors(found);
    setTouched({ currentPassword: true, newPassword: true, confirmPassword: true });
    const firstInvalid = FIELDS.find((field) => found[field.name]);
    if (firstInvalid) {
      formRef.current
        ?.querySelector<HTMLInputElement>(`#${CSS.escape(idOf(firstInvalid.name))}`)
        ?.focus();
      return;
    }
    setIsSending(true);
    setOutcome(null);
    const result = await call(API_ENDPOINTS.auth.changePassword, {
      body: { currentPassword: values.currentPassword, newPassword: values.newPassword },
    });
    setIsSending(false);
    if (result.ok) {
      setValues({ currentPassword: "", newPassword: "", confirmPassword: "" });
      setTouched({});
      setOutcome({ ok: true, text: result.data.message });
    } else {
      // What was typed stays, so a mistake can be corrected.
      setOutcome({ ok: false, text: errorText(result, "Your password could not be changed.") });
    }
  }

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      {FIELDS.map((field) => {
        const error = errors[field.name];
        const hintId = field.hint ? `${idOf(field.name)}-hint` : undefined;
        const errorId = error ? `${idOf(field.name)}-error` : undefined;
        return (
          <div key={field.name}>
            <label
              htmlFor={idOf(field.name)}
              className="mb-1 block text-sm font-semibold text-navy-900"
            >
              {field.label}
            </label>
            {field.hint ? (
              <p id={hintId} className="mb-1 text-sm text-slate-700">
                {field.hint}
              </p>
            ) : null}
            <input
              id={idOf(field.name)}
              name={field.name}
              type="password"
              autoComplete={field.autoComplete}
              value={values[field.name]}
              maxLength={PASSWORD_LIMITS.maxLength}
              aria-invalid={error ? true : undefined}
              aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
              onChange={(event) => change(field.name, event.target.value)}
              onBlur={() => {
                setTouched((current) => ({ ...current, [field.name]: true }));
                if (values[field.name] !== "" || touched[field.name]) {
                  setErrors((current) => ({
                    ...current,
                    [field.name]: validate(values)[field.name],
                  }));
                }
              }}
              className={cn(inputClass, "max-w-md", error && "border-red-700")}
            />
            {error ? (
              <p id={errorId} className="mt-1 text-sm font-medium text-red-800">
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
      <div role="status" aria-live="polite">
        {outcome ? (
          <p
            className={cn(
              "rounded-lg p-3 text-sm font-medium",
              outcome.ok ? "bg-emerald-50 text-emerald-950" : "bg-red-50 text-red-950",
            )}
          >
            {outcome.text}
          </p>
        ) : null}
      </div>
      <button
        type="submit"
        className={primaryButtonClass}
        disabled={isSending}
        aria-busy={isSending}
      >
        {isSending ? "Changing…" : "Change Password"}
      </button>
    </form>
  );
}
