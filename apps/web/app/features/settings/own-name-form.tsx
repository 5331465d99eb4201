// First: configures zod before the domain builds its schemas (strict CSP, no eval).
import { API_ENDPOINTS, OwnNameSchema } from "@agency/domain";
import { type FormEvent, useId, useState } from "react";
import { inputClass, primaryButtonClass } from "../../components/control-classes";
import { errorText } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { cn } from "../../lib/cn";

type Field = "firstName" | "lastName";
const LABELS: Record<Field, string> = { firstName: "First name", lastName: "Last name" };

/**
 * Your own name (API_ENDPOINTS.users.renameSelf, the invitation's name rules). The dashboard greets
 * and signs with it once it is set, so the session's user is refreshed after a save.
 */
export function OwnNameForm() {
  const { user, call, refreshUser } = useAuth();
  const idPrefix = useId();
  const [values, setValues] = useState<Record<Field, string>>({
    firstName: user?.firstName ?? "",
    lastName: user?.lastName ?? "",
  });
  const [error, setError] = useState<{ field: Field | null; text: string } | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  const idOf = (field: Field) => `${idPrefix}-${field}`;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSending) return;
    setOutcome(null);
    const parsed = OwnNameSchema.safeParse(values);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = (issue?.path[0] as Field | undefined) ?? null;
      setError({ field, text: issue?.message ?? "Invalid name" });
      if (field) document.getElementById(idOf(field))?.focus();
      return;
    }
    setError(null);
    setIsSending(true);
    const result = await call(API_ENDPOINTS.users.renameSelf, { body: parsed.data });
    setIsSending(false);
    if (result.ok) {
      await refreshUser();
      setOutcome("Your name was saved.");
    } else {
      setError({ field: null, text: errorText(result, "Your name could not be saved.") });
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {(["firstName", "lastName"] as const).map((field) => {
          const hasError = error?.field === field;
          return (
            <div key={field} className="min-w-0">
              <label
                htmlFor={idOf(field)}
                className="mb-1 block text-sm font-semibold text-navy-900"
              >
                {LABELS[field]}
              </label>
              <input
                id={idOf(field)}
                name={field}
                autoComplete={field === "firstName" ? "given-name" : "family-name"}
                value={values[field]}
                maxLength={50}
                aria-invalid={hasError ? true : undefined}
                aria-describedby={hasError ? `${idOf(field)}-error` : undefined}
                onChange={(event) => setValues((v) => ({ ...v, [field]: event.target.value }))}
                className={cn(inputClass, hasError && "border-red-700")}
              />
              {hasError ? (
                <p id={`${idOf(field)}-error`} className="mt-1 text-sm font-medium text-red-800">
                  {error?.text}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
      <div role="status" aria-live="polite">
        {outcome ? (
          <p className="rounded-lg bg-emerald-50 p-3 text-sm font-medium text-emerald-950">
            {outcome}
          </p>
        ) : null}
        {error && error.field === null ? (
          <p className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-950">{error.text}</p>
        ) : null}
      </div>
      <button
        type="submit"
        className={primaryButtonClass}
        disabled={isSending}
        aria-busy={isSending}
      >
        {isSending ? "Saving…" : "Save name"}
      </button>
    </form>
  );
}
