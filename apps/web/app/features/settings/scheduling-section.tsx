// First: configures zod before the domain builds its schemas (strict CSP, no eval).
import {
  AgentsPerSlotSchema,
  API_ENDPOINTS,
  CAPACITY_MESSAGES,
  MAX_AGENTS_PER_SLOT,
} from "@agency/domain";
import { type FormEvent, useEffect, useId, useState } from "react";
import { inputClass, primaryButtonClass } from "../../components/control-classes";
import { FormAlert } from "../../components/form-controls";
import { errorText } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { cn } from "../../lib/cn";

/**
 * "Agents per slot" (users.manage; decision 0034): how many appointments one time slot
 * can hold. Bookings and the public form's free times follow a save at once.
 */
export function SchedulingSection() {
  const { call } = useAuth();
  const id = useId();
  const [value, setValue] = useState("");
  const [isLoaded, setIsLoaded] = useState(false);
  const [isSaving, setIsSaving] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    void call(API_ENDPOINTS.scheduling.capacity).then((result) => {
      if (result.ok) {
        setValue(String(result.data.agentsPerSlot));
        setIsLoaded(true);
      } else setError(errorText(result, "The scheduling settings could not be loaded."));
    });
  }, [call]);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSaving) return;
    setNotice(null);
    setError(null);
    const typed = value.trim();
    const parsed = AgentsPerSlotSchema.safeParse({
      agentsPerSlot: typed === "" ? undefined : Number(typed),
    });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? CAPACITY_MESSAGES.outOfRange);
      document.getElementById(`${id}-capacity`)?.focus();
      return;
    }
    setFieldError(null);
    setIsSaving(true);
    const result = await call(API_ENDPOINTS.scheduling.updateCapacity, {
      body: parsed.data,
    });
    setIsSaving(false);
    if (result.ok) {
      setValue(String(result.data.agentsPerSlot));
      setNotice(CAPACITY_MESSAGES.saved(result.data.agentsPerSlot));
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
        Scheduling
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-700">
        How many appointments one time slot can hold, one per agent. Lowering it cancels nothing: a
        slot that holds more just takes no new bookings.
      </p>
      <form noValidate onSubmit={(event) => void save(event)} className="space-y-3">
        <div className="min-w-0">
          <label
            htmlFor={`${id}-capacity`}
            className="mb-1 block text-sm font-semibold text-navy-900"
          >
            Agents per slot
          </label>
          <div className="flex flex-wrap items-start gap-3">
            <input
              id={`${id}-capacity`}
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_AGENTS_PER_SLOT}
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
            A whole number from 1 to {MAX_AGENTS_PER_SLOT}.
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
