import { API_ENDPOINTS, type SecuritySettings } from "@agency/domain";
import { useEffect, useId, useState } from "react";
import { FormAlert } from "../../components/form-controls";
import { errorText } from "../../lib/api";
import { useAuth } from "../../lib/auth";

/**
 * "Require two-factor sign-in for all staff" (admins; stored in the database and audited).
 * Turning it on signs out staff without a second factor, who set it up at their next
 * sign-in; the server refuses it (409, with the words to show) to an admin who has none.
 */
export function RequireTwoFactorSwitch() {
  const { call } = useAuth();
  const id = useId();
  const [settings, setSettings] = useState<SecuritySettings | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  useEffect(() => {
    void call(API_ENDPOINTS.securitySettings.get).then((result) => {
      if (result.ok) setSettings(result.data);
      else setError(errorText(result, "The security settings could not be loaded."));
    });
  }, [call]);

  async function change(requireTwoFactor: boolean) {
    setIsSaving(true);
    setError(null);
    setNotice(null);
    const result = await call(API_ENDPOINTS.securitySettings.update, {
      body: { requireTwoFactor },
    });
    setIsSaving(false);
    if (result.ok) {
      setSettings(result.data);
      setNotice(
        result.data.requireTwoFactor
          ? "Saved. Staff without two-factor sign-in were signed out and will set it up when they sign in again."
          : "Saved. Two-factor sign-in is now each person's choice.",
      );
    } else setError(errorText(result, "The setting could not be saved."));
  }

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id={`${id}-heading`} className="text-lg font-bold text-navy-900">
        Staff sign-in
      </h2>
      <div className="mt-3 flex items-start gap-3">
        <input
          id={`${id}-require`}
          type="checkbox"
          role="switch"
          checked={settings?.requireTwoFactor ?? false}
          aria-checked={settings?.requireTwoFactor ?? false}
          disabled={settings === null || isSaving}
          aria-describedby={`${id}-hint`}
          onChange={(event) => void change(event.target.checked)}
          className="mt-0.5 size-6 shrink-0 cursor-pointer accent-brand-700 disabled:cursor-not-allowed"
        />
        <div>
          <label
            htmlFor={`${id}-require`}
            className="cursor-pointer text-base font-semibold text-navy-900"
          >
            Require two-factor sign-in for all staff
          </label>
          <p id={`${id}-hint`} className="text-sm text-slate-700">
            When on, everyone signs in with a code from an authenticator app as well as their
            password. Turning it on signs out everyone without one, who sets it up at their next
            sign-in; set up your own first.
          </p>
        </div>
      </div>
      <div role="status" aria-live="polite" className="mt-3">
        {notice ? <p className="text-sm font-medium text-emerald-900">{notice}</p> : null}
      </div>
      {error ? <FormAlert>{error}</FormAlert> : null}
    </section>
  );
}
