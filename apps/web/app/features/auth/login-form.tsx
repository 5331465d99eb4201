// First: configures zod before the domain builds its schemas (see the file).
import { firstMessageByField, LoginSchema, type User } from "@agency/domain";
import { type FormEvent, useCallback, useId, useState } from "react";
import { FormAlert, InputField, sendingButtonProps } from "../../components/form-controls";
import { useAuth } from "../../lib/auth";
import { useIsHydrated } from "../../lib/use-is-hydrated";
import { ForgotPassword } from "./forgot-password";
import { focusField, PasswordField, primaryButtonClass } from "./form-controls";
import { EnrolmentStep } from "./two-factor/enrolment-step";
import { SecondFactorForm } from "./two-factor/second-factor-form";

type LoginField = "email" | "password";

const CONNECTION_ERROR = "We couldn't reach the server. Check your connection and try again.";

/**
 * The staff sign-in form: email, password (with show/hide) and remember me. Errors are the
 * server's `error`, else "Invalid email or password" (spec); a 429 shows the server's
 * lockout text. What was typed stays after a failure.
 */
export function LoginForm({ onSignedIn }: { onSignedIn: (user: User) => void }) {
  const { login } = useAuth();
  const isHydrated = useIsHydrated();
  const id = useId();
  const emailId = `${id}-email`;
  const passwordId = `${id}-password`;
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [rememberMe, setRememberMe] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<LoginField, string>>>({});
  const [hasSubmitted, setHasSubmitted] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  /** After a right password: the second step (or the enrolment) and its challenge. */
  const [step, setStep] = useState<{
    next: "second-factor" | "enrolment";
    challenge: string;
  } | null>(null);

  // Back from a second step (expired, too many codes, or asked for): the password again.
  const restart = useCallback(
    (message?: string) => {
      setStep(null);
      setPassword("");
      setFormError(message ?? null);
      window.setTimeout(() => focusField(passwordId), 0);
    },
    [passwordId],
  );

  function validate(next: { email: string; password: string }) {
    const result = LoginSchema.safeParse({ ...next, rememberMe });
    if (result.success) return { data: result.data, errors: {} };
    const messages = firstMessageByField(result.error);
    return { data: undefined, errors: { email: messages.email, password: messages.password } };
  }

  // After the first submit, the messages follow what is typed.
  function revalidate(next: { email: string; password: string }) {
    if (hasSubmitted) setFieldErrors(validate(next).errors);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSending) return;
    setHasSubmitted(true);
    setFormError(null);
    const { data, errors } = validate({ email, password });
    setFieldErrors(errors);
    if (!data) {
      focusField(errors.email ? emailId : passwordId);
      return;
    }
    setIsSending(true);
    const result = await login(data);
    setIsSending(false);
    if (result.ok) {
      onSignedIn(result.user);
      return;
    }
    if (result.next) {
      setStep({ next: result.next, challenge: result.challenge });
      return;
    }
    // A network failure is not a wrong password: say what happened.
    setFormError(result.status === undefined ? CONNECTION_ERROR : result.error);
    focusField(passwordId);
  }

  const formErrorId = `${id}-form-error`;
  if (step) {
    return (
      <section aria-labelledby={`${id}-step-heading`}>
        <h3 id={`${id}-step-heading`} className="mb-4 text-lg font-bold text-navy-900">
          {step.next === "second-factor" ? "Two-factor sign-in" : "Set up two-factor sign-in"}
        </h3>
        {step.next === "second-factor" ? (
          <SecondFactorForm
            challenge={step.challenge}
            onSignedIn={onSignedIn}
            onRestart={restart}
          />
        ) : (
          <EnrolmentStep challenge={step.challenge} onSignedIn={onSignedIn} onRestart={restart} />
        )}
      </section>
    );
  }
  return (
    <>
      <form
        noValidate
        onSubmit={handleSubmit}
        aria-describedby={formError ? formErrorId : undefined}
        aria-busy={isSending}
        data-ready={isHydrated ? "true" : undefined}
        className="space-y-5"
      >
        <InputField
          id={emailId}
          label="Email"
          type="email"
          value={email}
          onValueChange={(value) => {
            setEmail(value);
            revalidate({ email: value, password });
          }}
          error={fieldErrors.email}
          autoComplete="username"
          inputMode="email"
          maxLength={254}
        />
        <PasswordField
          id={passwordId}
          label="Password"
          value={password}
          onValueChange={(value) => {
            setPassword(value);
            revalidate({ email, password: value });
          }}
          error={fieldErrors.password}
          autoComplete="current-password"
          required
        />
        <div className="flex items-start gap-3">
          <input
            id={`${id}-remember`}
            type="checkbox"
            checked={rememberMe}
            onChange={(event) => setRememberMe(event.target.checked)}
            aria-describedby={`${id}-remember-hint`}
            className="mt-0.5 size-6 shrink-0 cursor-pointer accent-brand-700"
          />
          <div>
            <label
              htmlFor={`${id}-remember`}
              className="cursor-pointer text-base font-semibold text-navy-900"
            >
              Remember me
            </label>
            <p id={`${id}-remember-hint`} className="text-sm text-slate-600">
              Stay signed in on this device for 7 days. Leave it off on a shared computer.
            </p>
          </div>
        </div>
        {formError ? <FormAlert id={formErrorId}>{formError}</FormAlert> : null}
        <button
          type="submit"
          {...sendingButtonProps(isSending)}
          className={`${primaryButtonClass} w-full`}
        >
          {isSending ? "Signing in…" : "Sign In"}
        </button>
      </form>
      <ForgotPassword initialEmail={email} />
    </>
  );
}
