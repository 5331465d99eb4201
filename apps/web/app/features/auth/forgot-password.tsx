// First: configures zod before the domain builds its schemas (see the file).
import { API_ENDPOINTS, firstMessageByField, LoginSchema } from "@agency/domain";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { FormAlert, InputField, sendingButtonProps } from "../../components/form-controls";
import { callRoute, errorText } from "../../lib/api";
import { FormNotice, focusField, secondaryButtonClass, textButtonClass } from "./form-controls";

const ForgotPasswordSchema = LoginSchema.pick({ email: true });

const SEND_FAILED = "We couldn't send the link just now. Please try again in a moment.";

/**
 * "Forgot password?": an inline form (no dialog) that asks the server to email a one-time
 * link. The server's answer is the same whether or not the email has an account, and we
 * show exactly that answer.
 */
export function ForgotPassword({ initialEmail }: { initialEmail: string }) {
  const id = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [email, setEmail] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  const emailId = `${id}-forgot-email`;
  const wasOpen = useRef(false);

  useEffect(() => {
    if (isOpen && !wasOpen.current) focusField(emailId);
    wasOpen.current = isOpen;
  }, [isOpen, emailId]);

  function open() {
    // Start from what was typed in the sign-in form.
    setEmail(initialEmail);
    setFieldError(undefined);
    setFormError(null);
    setAnswer(null);
    setIsOpen(true);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSending) return;
    setFormError(null);
    setAnswer(null);
    const parsed = ForgotPasswordSchema.safeParse({ email });
    if (!parsed.success) {
      setFieldError(firstMessageByField(parsed.error).email);
      focusField(emailId);
      return;
    }
    setFieldError(undefined);
    setIsSending(true);
    const result = await callRoute(API_ENDPOINTS.auth.forgotPassword, { body: parsed.data });
    setIsSending(false);
    if (result.ok) setAnswer(result.data.message);
    else setFormError(errorText(result, SEND_FAILED));
  }

  const regionId = `${id}-forgot`;
  return (
    <div className="mt-6 border-t border-slate-200 pt-5">
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={regionId}
        onClick={() => (isOpen ? setIsOpen(false) : open())}
        className={textButtonClass}
      >
        Forgot password?
      </button>
      <div id={regionId} hidden={!isOpen}>
        {isOpen ? (
          <form noValidate onSubmit={handleSubmit} aria-busy={isSending} className="mt-4 space-y-4">
            <p className="text-sm text-slate-700">
              Enter your staff email. If it belongs to an account, we'll email you a link to choose
              a new password. The link works once, for 30 minutes.
            </p>
            <InputField
              id={emailId}
              label="Email for the reset link"
              type="email"
              value={email}
              onValueChange={(value) => {
                setEmail(value);
                if (fieldError) setFieldError(undefined);
              }}
              error={fieldError}
              autoComplete="username"
              inputMode="email"
              maxLength={254}
            />
            {formError ? (
              <FormAlert takesFocus offersPhone>
                {formError}
              </FormAlert>
            ) : null}
            <div role="status">{answer ? <FormNotice tone="info">{answer}</FormNotice> : null}</div>
            <button
              type="submit"
              {...sendingButtonProps(isSending)}
              className={secondaryButtonClass}
            >
              {isSending ? "Sending…" : "Send reset link"}
            </button>
          </form>
        ) : null}
      </div>
    </div>
  );
}
