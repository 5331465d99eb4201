import { TWO_FACTOR_MESSAGES, type TwoFactorSetup, type User } from "@agency/domain";
import { useEffect, useRef, useState } from "react";
import { FormAlert } from "../../../components/form-controls";
import { errorText } from "../../../lib/api";
import { useAuth } from "../../../lib/auth";
import { textButtonClass } from "../form-controls";
import { AuthenticatorSetup } from "./authenticator-setup";
import { RecoveryCodesPanel } from "./recovery-codes";

/** Answers after which this challenge is gone: back to the password. */
const RESTART_ERRORS = new Set<string>([
  TWO_FACTOR_MESSAGES.challengeMissing,
  TWO_FACTOR_MESSAGES.tooManyCodes,
]);

/**
 * Two-factor sign-in is required of all staff and this account has none yet: add an
 * authenticator, confirm it with a code, save the recovery codes, then the session starts.
 */
export function EnrolmentStep({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: string;
  onSignedIn: (user: User) => void;
  onRestart: (message?: string) => void;
}) {
  const { startEnrolment, confirmEnrolment } = useAuth();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [done, setDone] = useState<{ codes: string[]; enter: () => User } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const hasStarted = useRef(false);

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    void startEnrolment(challenge).then((result) => {
      if (result.ok) setSetup(result.data);
      else if (result.status === 401)
        onRestart(errorText(result, TWO_FACTOR_MESSAGES.challengeMissing));
      else setLoadError(errorText(result, "We couldn't start the set-up. Please sign in again."));
    });
  }, [challenge, startEnrolment, onRestart]);

  useEffect(() => {
    if (done) headingRef.current?.focus();
  }, [done]);

  async function confirm(code: string): Promise<string | null> {
    const result = await confirmEnrolment({ challenge, code });
    if (result.ok) {
      setDone({ codes: result.recoveryCodes, enter: result.enter });
      return null;
    }
    if (RESTART_ERRORS.has(result.error)) {
      onRestart(result.error);
      return null;
    }
    if (result.status === undefined) {
      return "We couldn't reach the server. Check your connection and try again.";
    }
    return result.error;
  }

  if (done) {
    return (
      <div className="space-y-4">
        <h3
          ref={headingRef}
          tabIndex={-1}
          className="text-lg font-bold text-navy-900 focus:outline-none"
        >
          Two-factor sign-in is on. Save your recovery codes
        </h3>
        <RecoveryCodesPanel
          codes={done.codes}
          doneLabel="Continue"
          onDone={() => onSignedIn(done.enter())}
        />
      </div>
    );
  }

  return (
    <div className="space-y-4">
      <p className="text-base text-slate-700">
        The agency requires two-factor sign-in for all staff. Set it up now to continue: you'll need
        your phone each time you sign in.
      </p>
      {loadError ? <FormAlert>{loadError}</FormAlert> : null}
      {setup ? (
        <AuthenticatorSetup setup={setup} onConfirm={confirm} submitLabel="Confirm and Sign In" />
      ) : null}
      {!setup && !loadError ? <p role="status">Preparing your set-up…</p> : null}
      <button type="button" onClick={() => onRestart()} className={textButtonClass}>
        Back to email and password
      </button>
    </div>
  );
}
