import { type FormEvent, type ReactNode, useEffect, useId, useState } from "react";
import { inputClass, primaryButtonClass } from "../../components/control-classes";
import { FormAlert } from "../../components/form-controls";
import { type ApiFailure, errorText } from "../../lib/api";
import { type AuthContextValue, useAuth } from "../../lib/auth";
import { cn } from "../../lib/cn";

/** A setting's number as the server answered it, or why not. */
export type NumberAnswer = { ok: true; value: number } | ApiFailure;

/** One agency-wide whole-number setting: what it is, its range, its routes and its words. */
export interface NumberSetting {
  title: string;
  description: ReactNode;
  /** The field's label ("Days before expiration"). */
  label: string;
  range: { readonly min: number; readonly max: number };
  /** Reads the value through the setting's typed route. */
  load: (call: AuthContextValue["call"]) => Promise<NumberAnswer>;
  /** Saves a checked value through the setting's typed route. */
  save: (call: AuthContextValue["call"], value: number) => Promise<NumberAnswer>;
  /**
   * The domain schema's message for a value it refuses (the server checks with the same
   * schema); undefined when it takes it. `undefined` in: the field is empty.
   */
  problemOf: (value: number | undefined) => string | undefined;
  loadFailed: string;
  saved: (value: number) => string;
}

/**
 * A Settings section with one whole number (agents per slot, renewal task days, a service
 * request's due-by days): read, checked with the domain's schema at the field, saved, and
 * the saved value read back. A refusal shows at the field and the cursor goes there.
 */
export function NumberSettingSection({ setting }: { setting: NumberSetting }) {
  const { call } = useAuth();
  const id = useId();
  const [value, setValue] = useState("");
  const [isLoaded, setIsLoaded] = useState(false);
  const [isSaving, setIsSaving] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { load, loadFailed } = setting;

  useEffect(() => {
    let isCurrent = true;
    void load(call).then((result) => {
      if (!isCurrent) return;
      if (result.ok) {
        setValue(String(result.value));
        setIsLoaded(true);
      } else setError(errorText(result, loadFailed));
    });
    return () => {
      isCurrent = false;
    };
  }, [call, load, loadFailed]);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSaving) return;
    setNotice(null);
    setError(null);
    const typed = value.trim();
    const number = typed === "" ? undefined : Number(typed);
    const problem = setting.problemOf(number);
    if (problem !== undefined || number === undefined) {
      setFieldError(problem ?? loadFailed);
      document.getElementById(`${id}-value`)?.focus();
      return;
    }
    setFieldError(null);
    setIsSaving(true);
    const result = await setting.save(call, number);
    setIsSaving(false);
    if (result.ok) {
      setValue(String(result.value));
      setNotice(setting.saved(result.value));
    } else {
      const message = errorText(result, "The setting could not be saved.");
      if (result.status === 400) {
        setFieldError(message);
        document.getElementById(`${id}-value`)?.focus();
      } else setError(message);
    }
  }

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id={`${id}-heading`} className="text-lg font-bold text-navy-900">
        {setting.title}
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-700">{setting.description}</p>
      <form noValidate onSubmit={(event) => void save(event)} className="space-y-3">
        <div className="min-w-0">
          <label htmlFor={`${id}-value`} className="mb-1 block text-sm font-semibold text-navy-900">
            {setting.label}
          </label>
          <div className="flex flex-wrap items-start gap-3">
            <input
              id={`${id}-value`}
              type="number"
              inputMode="numeric"
              min={setting.range.min}
              max={setting.range.max}
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
            A whole number from {setting.range.min} to {setting.range.max}.
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

/** The first message a schema gives for `{ [key]: value }`, or undefined when it takes it. */
export function schemaProblem<Key extends string>(
  schema: {
    safeParse: (input: unknown) => {
      success: boolean;
      error?: { issues: readonly { message: string }[] } | undefined;
    };
  },
  key: Key,
  fallback: string,
): (value: number | undefined) => string | undefined {
  return (value) => {
    const parsed = schema.safeParse({ [key]: value });
    return parsed.success ? undefined : (parsed.error?.issues[0]?.message ?? fallback);
  };
}
