// First: configures zod before the domain builds its schemas (strict CSP, no eval).
import {
  API_ENDPOINTS,
  RENEWAL_MESSAGES,
  RENEWAL_TASK_DAYS_RANGE,
  RenewalTaskDaysSchema,
} from "@agency/domain";
import { type FormEvent, useEffect, useId, useState } from "react";
import { inputClass, primaryButtonClass } from "../../components/control-classes";
import { FormAlert } from "../../components/form-controls";
import { errorText } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { cn } from "../../lib/cn";

/**
 * "Renewal task" (Manager and above; decision 0073): how many days before a term's
 * expiration its renewal task is made for the producing agent. The next pass follows it.
 */
export function RenewalTaskSection() {
  const { call } = useAuth();
  const id = useId();
  const [value, setValue] = useState("");
  const [isLoaded, setIsLoaded] = useState(false);
  const [isSaving, setIsSaving] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    void call(API_ENDPOINTS.renewals.settings).then((result) => {
      if (result.ok) {
        setValue(String(result.data.data.days));
        setIsLoaded(true);
      } else setError(errorText(result, "The renewal task setting could not be loaded."));
    });
  }, [call]);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSaving) return;
    setNotice(null);
    setError(null);
    const typed = value.trim();
    const parsed = RenewalTaskDaysSchema.safeParse({
      days: typed === "" ? undefined : Number(typed),
    });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? RENEWAL_MESSAGES.taskDaysInvalid);
      document.getElementById(`${id}-days`)?.focus();
      return;
    }
    setFieldError(null);
    setIsSaving(true);
    const result = await call(API_ENDPOINTS.renewals.updateSettings, { body: parsed.data });
    setIsSaving(false);
    if (result.ok) {
      setValue(String(result.data.data.days));
      setNotice(RENEWAL_MESSAGES.taskDaysSaved(result.data.data.days));
    } else {
      const message = errorText(result, "The setting could not be saved.");
      if (result.status === 400) setFieldError(message);
      else setError(message);
    }
  }

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id={`${id}-heading`} className="text-lg font-bold text-navy-900">
        Renewal task
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-700">
        How many days before a policy expires its producing agent gets a renewal task, once per
        term. A term already inside the new number of days gets its task on the next pass.
      </p>
      <form noValidate onSubmit={(event) => void save(event)} className="space-y-3">
        <div className="min-w-0">
          <label htmlFor={`${id}-days`} className="mb-1 block text-sm font-semibold text-navy-900">
            Days before expiration
          </label>
          <div className="flex flex-wrap items-start gap-3">
            <input
              id={`${id}-days`}
              type="number"
              inputMode="numeric"
              min={RENEWAL_TASK_DAYS_RANGE.min}
              max={RENEWAL_TASK_DAYS_RANGE.max}
              step={1}
              value={value}
              disabled={!isLoaded}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={cn(`${id}-hint`, fieldError && `${id}-error`)}
              onChange={(event) => setValue(event.target.value)}
              className={cn(inputClass, "w-28", fieldError && "border-red-700")}
            />
            <button type="submit" disabled={!isLoaded || isSaving} className={primaryButtonClass}>
              {isSaving ? "Saving…" : "Save"}
            </button>
          </div>
          <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
            A whole number from {RENEWAL_TASK_DAYS_RANGE.min} to {RENEWAL_TASK_DAYS_RANGE.max}.
          </p>
          {fieldError ? (
            <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-800">
              {fieldError}
            </p>
          ) : null}
        </div>
        <div role="status" aria-live="polite">
          {notice ? <p className="text-sm font-medium text-emerald-900">{notice}</p> : null}
        </div>
        {error ? <FormAlert>{error}</FormAlert> : null}
      </form>
    </section>
  );
}
