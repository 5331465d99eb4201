// First: configures zod before the domain builds its schemas (see the file).
import { API_ENDPOINTS, firstMessageByField, PasswordSchema } from "@agency/domain";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { ButtonLink } from "../../components/button-link";
import { FormAlert, sendingButtonProps } from "../../components/form-controls";
import { PageHeading } from "../../components/page-heading";
import { callRoute, errorText } from "../../lib/api";
import { loginPath } from "../../lib/site-links";
import { useIsHydrated } from "../../lib/use-is-hydrated";
import { FormNotice, focusField, PasswordField, primaryButtonClass } from "./form-controls";

/** The server's answer to a missing, spent or expired link; used for a link without a token too. */
const INVALID_LINK = "This link is invalid or has expired. Please ask for a new one.";
const MISMATCH = "The two passwords do not match";
const SAVE_FAILED = "We couldn't save your password just now. Please try again.";

type PasswordFieldName = "password" | "confirmation";

/**
 * /reset-password?token=… (a reset) and /reset-password?token=…&invite=1 (an invitation):
 * the one-time link from the email. The page is prerendered without a query, so the
 * wording and the token are read after hydration.
 */
export function ResetPasswordPage() {
  const isHydrated = useIsHydrated();
  const [searchParams] = useSearchParams();
  const token = isHydrated ? (searchParams.get("token") ?? "") : "";
  const isInvite = isHydrated && searchParams.get("invite") === "1";
  const title = isInvite ? "Choose your password" : "Reset your password";

  return (
    <>
      <PageHeading title={title}>
        <p>
          {isInvite
            ? "Welcome to the staff dashboard. Choose the password you will sign in with."
            : "Choose a new password for your staff account. The link in your email works once."}
        </p>
      </PageHeading>
      <section aria-label="Set a password" className="bg-slate-50 px-4 py-10 sm:px-6 sm:py-14">
        <div className="mx-auto w-full max-w-md rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
          {isHydrated && token === "" ? (
            <MissingToken />
          ) : (
            <NewPasswordForm token={token} isReady={isHydrated} />
          )}
        </div>
      </section>
    </>
  );
}

function MissingToken() {
  return (
    <div>
      <FormAlert>{INVALID_LINK}</FormAlert>
      <p className="mt-4 text-base text-slate-700">
        Open the link from your email again, or ask for a new one with "Forgot password?" on the
        staff login page.
      </p>
      <div className="mt-6">
        <ButtonLink to={loginPath}>Go to Staff Login</ButtonLink>
      </div>
    </div>
  );
}

function NewPasswordForm({ token, isReady }: { token: string; isReady: boolean }) {
  const id = useId();
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<PasswordFieldName, string>>>({});
  const [hasSubmitted, setHasSubmitted] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  const [doneMessage, setDoneMessage] = useState<string | null>(null);
  const passwordId = `${id}-password`;
  const confirmationId = `${id}-confirmation`;
  const doneRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (doneMessage) doneRef.current?.focus();
  }, [doneMessage]);

  function validate(next: { password: string; confirmation: string }) {
    const errors: Partial<Record<PasswordFieldName, string>> = {};
    const result = PasswordSchema.safeParse(next.password);
    if (!result.success) errors.password = firstMessageByField(result.error)[""];
    if (next.confirmation !== next.password) errors.confirmation = MISMATCH;
    return errors;
  }

  function revalidate(next: { password: string; confirmation: string }) {
    if (hasSubmitted) setFieldErrors(validate(next));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSending || !isReady) return;
    setHasSubmitted(true);
    setFormError(null);
    const errors = validate({ password, confirmation });
    setFieldErrors(errors);
    if (errors.password || errors.confirmation) {
      focusField(errors.password ? passwordId : confirmationId);
      return;
    }
    setIsSending(true);
    const result = await callRoute(API_ENDPOINTS.auth.resetPassword, {
      body: { token, password },
    });
    setIsSending(false);
    if (result.ok) {
      setDoneMessage(result.data.message);
      return;
    }
    const passwordError = result.errors.find((error) => error.field === "password")?.message;
    if (passwordError) {
      setFieldErrors({ password: passwordError });
      focusField(passwordId);
      return;
    }
    setFormError(errorText(result, SAVE_FAILED));
  }

  if (doneMessage) {
    return (
      <div>
        <h2
          ref={doneRef}
          tabIndex={-1}
          className="text-xl font-bold text-navy-900 focus:outline-none"
        >
          Password saved
        </h2>
        <div className="mt-4">
          <FormNotice>{doneMessage}</FormNotice>
        </div>
        <div className="mt-6">
          <ButtonLink to={loginPath}>Sign in</ButtonLink>
        </div>
      </div>
    );
  }

  const isLinkProblem = formError === INVALID_LINK;
  return (
    <form
      noValidate
      onSubmit={handleSubmit}
      aria-busy={isSending}
      data-ready={isReady ? "true" : undefined}
      className="space-y-5"
    >
      <PasswordField
        id={passwordId}
        label="New password"
        toggleNoun="new password"
        hint="12 to 128 characters. A few unrelated words make a strong password that is easy to remember."
        value={password}
        onValueChange={(value) => {
          setPassword(value);
          revalidate({ password: value, confirmation });
        }}
        error={fieldErrors.password}
        autoComplete="new-password"
        required
      />
      <PasswordField
        id={confirmationId}
        label="Confirm new password"
        toggleNoun="confirmed password"
        value={confirmation}
        onValueChange={(value) => {
          setConfirmation(value);
          revalidate({ password, confirmation: value });
        }}
        error={fieldErrors.confirmation}
        autoComplete="new-password"
        required
      />
      {formError ? (
        <FormAlert takesFocus offersPhone>
          {formError}
        </FormAlert>
      ) : null}
      {isLinkProblem ? (
        <p className="text-sm text-slate-700">
          Ask for a new link with "Forgot password?" on the{" "}
          <Link
            to={loginPath}
            className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800"
          >
            staff login page
          </Link>
          .
        </p>
      ) : null}
      <button
        type="submit"
        {...sendingButtonProps(isSending)}
        className={`${primaryButtonClass} w-full`}
      >
        {isSending ? "Saving…" : "Save password"}
      </button>
    </form>
  );
}
