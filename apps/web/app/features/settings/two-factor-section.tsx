// First: configures zod before the domain builds its schemas (strict CSP, no eval).
import {
  API_ENDPOINTS,
  AuthenticatorCodeSchema,
  PASSWORD_LIMITS,
  TWO_FACTOR,
  TwoFactorCodeSchema,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from "@agency/domain";
import {
  type FormEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import {
  dangerButtonClass,
  primaryButtonClass,
  secondaryButtonClass,
} from "../../components/control-classes";
import { FormAlert, InputField } from "../../components/form-controls";
import { errorText } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { cn } from "../../lib/cn";
import { formatDateTime } from "../../lib/format";
import { AuthenticatorSetup, RecoveryCodesPanel } from "../auth";

type Mode =
  | { kind: "status" }
  | { kind: "setup"; setup: TwoFactorSetup }
  | { kind: "codes"; codes: string[]; isNew: boolean };

/**
 * Your own two-factor sign-in (decision 0023): set it up, see how many recovery codes are
 * left, get new ones, or turn it off (password and a code; not while the agency requires it).
 */
export function TwoFactorSection() {
  const { call } = useAuth();
  const [status, setStatus] = useState<TwoFactorStatus | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [mode, setMode] = useState<Mode>({ kind: "status" });
  const [notice, setNotice] = useState<string | null>(null);
  const [startError, setStartError] = useState<string | null>(null);
  const [isStarting, setIsStarting] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const load = useCallback(async () => {
    const result = await call(API_ENDPOINTS.twoFactor.status);
    if (result.ok) {
      setStatus(result.data);
      setLoadError(null);
    } else setLoadError(errorText(result, "Two-factor sign-in could not be loaded."));
  }, [call]);

  useEffect(() => {
    void load();
  }, [load]);

  async function start() {
    setIsStarting(true);
    setStartError(null);
    setNotice(null);
    const result = await call(API_ENDPOINTS.twoFactor.setup);
    setIsStarting(false);
    if (result.ok) setMode({ kind: "setup", setup: result.data });
    else setStartError(errorText(result, "The set-up could not be started."));
  }

  async function confirm(code: string): Promise<string | null> {
    const result = await call(API_ENDPOINTS.twoFactor.confirm, { body: { code } });
    if (!result.ok) return errorText(result, "The code could not be checked.");
    setMode({ kind: "codes", codes: result.data.recoveryCodes, isNew: true });
    await load();
    return null;
  }

  function backToStatus(message: string | null) {
    setMode({ kind: "status" });
    setNotice(message);
    void load();
    window.setTimeout(() => headingRef.current?.focus(), 0);
  }

  let body: ReactNode;
  if (loadError) body = <FormAlert>{loadError}</FormAlert>;
  else if (!status) body = <p role="status">Loading…</p>;
  else if (mode.kind === "setup") {
    body = (
      <div className="space-y-4">
        <AuthenticatorSetup
          setup={mode.setup}
          onConfirm={confirm}
          buttonClass={primaryButtonClass}
        />
        <button type="button" className={secondaryButtonClass} onClick={() => backToStatus(null)}>
          Cancel
        </button>
      </div>
    );
  } else if (mode.kind === "codes") {
    body = (
      <div className="space-y-3">
        <p className="font-semibold text-emerald-900">
          {mode.isNew
            ? "Two-factor sign-in is on."
            : "Your new recovery codes are ready; the old ones no longer work."}
        </p>
        <RecoveryCodesPanel codes={mode.codes} onDone={() => backToStatus(null)} doneLabel="Done" />
      </div>
    );
  } else if (!status.enabled) {
    body = (
      <div className="space-y-4">
        <p className="text-sm text-slate-800">
          <StatusBadge isOn={false} /> Signing in asks only for your password.
          {status.required
            ? " The agency requires two-factor sign-in: you will be asked to set it up at your next sign-in, or do it now."
            : " Add a code from an authenticator app on your phone, so a stolen password is not enough."}
        </p>
        {startError ? <FormAlert>{startError}</FormAlert> : null}
        <button
          type="button"
          className={primaryButtonClass}
          onClick={() => void start()}
          disabled={isStarting}
          aria-busy={isStarting}
        >
          {isStarting ? "Starting…" : "Set Up Two-Factor Sign-In"}
        </button>
      </div>
    );
  } else {
    const remaining = status.recoveryCodesRemaining;
    body = (
      <div className="space-y-6">
        <div className="space-y-1 text-sm text-slate-800">
          <p>
            <StatusBadge isOn /> Since {status.enrolledAt ? formatDateTime(status.enrolledAt) : "—"}
            . Signing in asks for a code from your authenticator app.
          </p>
          <p
            data-testid="recovery-codes-remaining"
            className={cn(remaining <= 3 && "font-semibold text-red-800")}
          >
            Recovery codes left: {remaining} of {TWO_FACTOR.recoveryCodeCount}
            {remaining <= 3 ? ". Get new ones soon." : "."}
          </p>
        </div>
        <RegenerateForm onDone={(codes) => setMode({ kind: "codes", codes, isNew: false })} />
        {status.required ? (
          <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700 ring-1 ring-slate-200">
            The agency requires two-factor sign-in for all staff, so it cannot be turned off. To
            move it to a new phone, ask an administrator to reset it.
          </p>
        ) : (
          <DisableForm onDone={() => backToStatus("Two-factor sign-in is off.")} />
        )}
      </div>
    );
  }

  return (
    <section
      aria-labelledby="two-factor-heading"
      className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2
        id="two-factor-heading"
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-bold text-navy-900 focus:outline-none"
      >
        Two-factor sign-in
      </h2>
      <div role="status" aria-live="polite">
        {notice ? (
          <p className="mt-2 rounded-lg bg-emerald-50 p-3 text-sm font-medium text-emerald-950">
            {notice}
          </p>
        ) : null}
      </div>
      <div className="mt-3">{body}</div>
    </section>
  );
}

function StatusBadge({ isOn }: { isOn: boolean }) {
  return (
    <span
      className={cn(
        "mr-1 inline-block rounded-full px-2 py-0.5 text-xs font-bold uppercase",
        isOn ? "bg-emerald-100 text-emerald-900" : "bg-slate-200 text-slate-800",
      )}
    >
      {isOn ? "On" : "Off"}
    </span>
  );
}

/** One form's sending, its answer and its first invalid field. */
function useCodeForm() {
  const [isSending, setIsSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return { isSending, setIsSending, error, setError };
}

function RegenerateForm({ onDone }: { onDone: (codes: string[]) => void }) {
  const { call } = useAuth();
  const id = useId();
  const codeId = `${id}-code`;
  const [code, setCode] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const form = useCodeForm();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (form.isSending) return;
    form.setError(null);
    const parsed = AuthenticatorCodeSchema.safeParse(code);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      document.getElementById(codeId)?.focus();
      return;
    }
    setFieldError(undefined);
    form.setIsSending(true);
    const result = await call(API_ENDPOINTS.twoFactor.recoveryCodes, {
      body: { code: parsed.data },
    });
    form.setIsSending(false);
    if (result.ok) onDone(result.data.recoveryCodes);
    else {
      form.setError(errorText(result, "New codes could not be made."));
      document.getElementById(codeId)?.focus();
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-3">
      <h3 className="text-base font-bold text-navy-900">New recovery codes</h3>
      <p className="text-sm text-slate-700">
        Makes {TWO_FACTOR.recoveryCodeCount} new codes; the old ones stop working.
      </p>
      <InputField
        id={codeId}
        label="Code from your app"
        value={code}
        onValueChange={setCode}
        error={fieldError}
        autoComplete="one-time-code"
        inputMode="numeric"
        pattern="[0-9 ]*"
        maxLength={7}
        className="max-w-60"
      />
      {form.error ? <FormAlert>{form.error}</FormAlert> : null}
      <button
        type="submit"
        className={secondaryButtonClass}
        disabled={form.isSending}
        aria-busy={form.isSending}
      >
        {form.isSending ? "Making codes…" : "Get New Recovery Codes"}
      </button>
    </form>
  );
}

function DisableForm({ onDone }: { onDone: () => void }) {
  const { call } = useAuth();
  const id = useId();
  const passwordId = `${id}-password`;
  const codeId = `${id}-code`;
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<{ password?: string; code?: string }>({});
  const form = useCodeForm();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (form.isSending) return;
    form.setError(null);
    const parsedCode = TwoFactorCodeSchema.safeParse(code);
    const found = {
      ...(password === "" ? { password: "Current password is required" } : {}),
      ...(parsedCode.success ? {} : { code: parsedCode.error.issues[0]?.message }),
    };
    setErrors(found);
    if (found.password || !parsedCode.success) {
      document.getElementById(found.password ? passwordId : codeId)?.focus();
      return;
    }
    form.setIsSending(true);
    const result = await call(API_ENDPOINTS.twoFactor.disable, {
      body: { password, code: parsedCode.data },
    });
    form.setIsSending(false);
    if (result.ok) onDone();
    else {
      form.setError(errorText(result, "Two-factor sign-in could not be turned off."));
      document.getElementById(passwordId)?.focus();
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-3">
      <h3 className="text-base font-bold text-navy-900">Turn off two-factor sign-in</h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <InputField
          id={passwordId}
          label="Current password"
          type="password"
          value={password}
          onValueChange={setPassword}
          error={errors.password}
          autoComplete="current-password"
          maxLength={PASSWORD_LIMITS.maxLength}
        />
        <InputField
          id={codeId}
          label="Code from your app or a recovery code"
          value={code}
          onValueChange={setCode}
          error={errors.code}
          autoComplete="one-time-code"
          maxLength={20}
          autoCapitalize="none"
          spellCheck={false}
        />
      </div>
      {form.error ? <FormAlert>{form.error}</FormAlert> : null}
      <button
        type="submit"
        className={dangerButtonClass}
        disabled={form.isSending}
        aria-busy={form.isSending}
      >
        {form.isSending ? "Turning off…" : "Turn Off Two-Factor Sign-In"}
      </button>
    </form>
  );
}
