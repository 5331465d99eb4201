// First: configures zod before the domain builds its schemas (strict CSP, no eval).
import { AuthenticatorCodeSchema, type TwoFactorSetup } from "@agency/domain";
import { FormAlert, InputField } from "../../../components/form-controls";
import { cn } from "../../../lib/cn";
import { primaryButtonClass } from "../form-controls";
import { useCodeForm } from "./use-code-form";

/**
 * The QR code as an image. The server draws it as SVG markup; shown through a data: URL
 * (the pages' CSP allows `img-src data:`), never inserted as markup, so nothing in it can run.
 */
export function qrCodeSource(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/**
 * Adding an authenticator: scan the QR code or type the manual key, then confirm with the
 * first code. `onConfirm` answers an error to show, or null when it worked.
 */
export function AuthenticatorSetup({
  setup,
  onConfirm,
  submitLabel = "Turn On Two-Factor Sign-In",
  buttonClass = primaryButtonClass,
}: {
  setup: TwoFactorSetup;
  onConfirm: (code: string) => Promise<string | null>;
  submitLabel?: string;
  buttonClass?: string;
}) {
  const { codeId, code, change, fieldError, formError, isSending, submit } =
    useCodeForm(AuthenticatorCodeSchema);

  return (
    <div className="space-y-5">
      <ol className="list-decimal space-y-2 pl-5 text-base text-slate-800">
        <li>
          Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator,
          1Password, Authy…).
        </li>
        <li>Scan this QR code, or type the key below into the app.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
        <img
          src={qrCodeSource(setup.qrCodeSvg)}
          alt="QR code to add this account to your authenticator app"
          width={192}
          height={192}
          className="size-48 shrink-0 rounded-md bg-white ring-1 ring-slate-300"
        />
        <div className="min-w-0 self-stretch">
          <p className="text-sm font-semibold text-navy-900">Can't scan it? Enter this key</p>
          <p
            className="mt-1 font-mono text-lg font-semibold tracking-wide break-words text-navy-950"
            data-testid="manual-key"
          >
            {setup.manualKey}
          </p>
          <p className="mt-1 text-sm text-slate-600">Time-based, 6 digits, every 30 seconds.</p>
        </div>
      </div>
      <form noValidate onSubmit={(event) => void submit(event, onConfirm)} className="space-y-4">
        <InputField
          id={codeId}
          label="Code from your app"
          value={code}
          onValueChange={change}
          error={fieldError}
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9 ]*"
          maxLength={7}
          className="max-w-60"
        />
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <button
          type="submit"
          disabled={isSending}
          aria-busy={isSending}
          className={cn(buttonClass)}
        >
          {isSending ? "Checking…" : submitLabel}
        </button>
      </form>
    </div>
  );
}
