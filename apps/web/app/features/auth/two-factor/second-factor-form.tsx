// First: configures zod before the domain builds its schemas (strict CSP, no eval).
import {
  AuthenticatorCodeSchema,
  TWO_FACTOR_MESSAGES,
  TwoFactorCodeSchema,
  type User,
} from "@agency/domain";
import { useEffect, useState } from "react";
import { FormAlert, InputField } from "../../../components/form-controls";
import { useAuth } from "../../../lib/auth";
import { focusField, primaryButtonClass, textButtonClass } from "../form-controls";
import { useCodeForm } from "./use-code-form";

const CONNECTION_ERROR = "We couldn't reach the server. Check your connection and try again.";
/** Answers after which this challenge is gone: back to the password. */
const RESTART_ERRORS = new Set<string>([
  TWO_FACTOR_MESSAGES.challengeMissing,
  TWO_FACTOR_MESSAGES.tooManyCodes,
]);

/**
 * The second step of an enrolled account's sign-in: the code from the authenticator app,
 * or (switched with "Use a recovery code") one of the saved recovery codes.
 */
export function SecondFactorForm({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: string;
  onSignedIn: (user: User) => void;
  onRestart: (message?: string) => void;
}) {
  const { completeSecondFactor } = useAuth();
  const [isRecovery, setIsRecovery] = useState(false);
  const { id, codeId, code, change, fieldError, formError, isSending, submit, clear } = useCodeForm(
    isRecovery ? TwoFactorCodeSchema : AuthenticatorCodeSchema,
  );
  const errorId = `${id}-form-error`;

  // The step replaces the password form, and a switch of kind replaces the field: either
  // way the (new) field is where the keyboard goes next.
  useEffect(() => {
    if (isRecovery !== undefined) focusField(codeId);
  }, [codeId, isRecovery]);

  /** Signs in with the code; an error to show under it, or null when the step is over. */
  async function send(checked: string): Promise<string | null> {
    const result = await completeSecondFactor({ challenge, code: checked });
    if (result.ok) {
      onSignedIn(result.user);
      return null;
    }
    const error = "error" in result ? result.error : TWO_FACTOR_MESSAGES.challengeMissing;
    const status = "status" in result ? result.status : undefined;
    // A spent or expired challenge, or a lock: the password step shows why.
    if (status === 429 || RESTART_ERRORS.has(error)) {
      onRestart(error);
      return null;
    }
    return status === undefined ? CONNECTION_ERROR : error;
  }

  function switchKind() {
    setIsRecovery((current) => !current);
    clear();
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event, send)}
      aria-describedby={formError ? errorId : undefined}
      aria-busy={isSending}
      className="space-y-5"
    >
      <p className="text-base text-slate-700">
        {isRecovery
          ? "Enter one of the recovery codes you saved when you set up two-factor sign-in. Each code works once."
          : "Open your authenticator app and enter the 6-digit code it shows for this account."}
      </p>
      <InputField
        // A new input when the kind changes, so autofill and the keyboard follow it.
        key={isRecovery ? "recovery" : "authenticator"}
        id={codeId}
        label={isRecovery ? "Recovery code" : "Two-factor code"}
        value={code}
        onValueChange={change}
        error={fieldError}
        {...(isRecovery
          ? { autoComplete: "off", inputMode: "text" as const, maxLength: 20, spellCheck: false }
          : {
              autoComplete: "one-time-code",
              inputMode: "numeric" as const,
              pattern: "[0-9 ]*",
              maxLength: 7,
            })}
        autoCapitalize="none"
        autoCorrect="off"
      />
      {formError ? <FormAlert id={errorId}>{formError}</FormAlert> : null}
      <button type="submit" disabled={isSending} className={`${primaryButtonClass} w-full`}>
        {isSending ? "Checking…" : "Verify and Sign In"}
      </button>
      <div className="flex flex-wrap justify-between gap-3">
        <button type="button" onClick={switchKind} className={textButtonClass}>
          {isRecovery ? "Use a code from your app" : "Use a recovery code"}
        </button>
        <button type="button" onClick={() => onRestart()} className={textButtonClass}>
          Back to email and password
        </button>
      </div>
    </form>
  );
}
