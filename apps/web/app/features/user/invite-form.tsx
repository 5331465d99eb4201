// First: configures zod before the domain builds its schemas (see the file).
import { can, firstMessageByField, LoginSchema, type User } from "@agency/domain";
import { type FormEvent, useEffect, useId, useState } from "react";
import { FormAlert, InputField } from "../../components/form-controls";
import { type ApiResult, errorText } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import type { InviteInput } from "./use-user-directory";

const InviteEmailSchema = LoginSchema.pick({ email: true });
const NAME_MAX = 50;

const buttonBase =
  "inline-flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-md px-4 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-60";

interface InviteFormProps {
  onInvite: (input: InviteInput) => Promise<ApiResult<User>>;
  onInvited: (user: User) => void;
  onCancel: () => void;
}

/**
 * Beyond the spec: invite a staff member by email. The server creates an unverified
 * account without a password and emails a one-time link (72 hours) with which the person
 * chooses their own password; until then the account shows as Unverified.
 */
export function InviteForm({ onInvite, onInvited, onCancel }: InviteFormProps) {
  const id = useId();
  const mayInviteAdmins = can(useAuth().user, "admins.manage");
  const ids = { email: `${id}-email`, firstName: `${id}-first`, lastName: `${id}-last` };
  const [input, setInput] = useState<InviteInput>({
    email: "",
    firstName: "",
    lastName: "",
    isAdmin: false,
  });
  const [emailError, setEmailError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);

  useEffect(() => {
    document.getElementById(ids.email)?.focus();
  }, [ids.email]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSending) return;
    setFormError(null);
    const parsed = InviteEmailSchema.safeParse({ email: input.email });
    if (!parsed.success) {
      setEmailError(firstMessageByField(parsed.error).email);
      document.getElementById(ids.email)?.focus();
      return;
    }
    setEmailError(undefined);
    setIsSending(true);
    const result = await onInvite({
      ...input,
      email: parsed.data.email,
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
    });
    setIsSending(false);
    if (result.ok) {
      onInvited(result.data);
      return;
    }
    if (result.status === 409) {
      // "A user with this email already exists": a problem with the email field.
      setEmailError(errorText(result));
      document.getElementById(ids.email)?.focus();
      return;
    }
    setFormError(errorText(result));
  }

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id={`${id}-heading`} className="text-lg font-bold text-navy-900">
        Invite staff member
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        We email them a link to choose their own password. The link works once, for 72 hours; until
        then the account shows as Unverified.
      </p>
      <form noValidate onSubmit={handleSubmit} aria-busy={isSending} className="mt-5 space-y-4">
        <InputField
          id={ids.email}
          label="Email"
          type="email"
          value={input.email}
          onValueChange={(email) => {
            setInput((current) => ({ ...current, email }));
            if (emailError) setEmailError(undefined);
          }}
          error={emailError}
          autoComplete="off"
          inputMode="email"
          maxLength={254}
        />
        <div className="grid gap-4 @lg:grid-cols-2">
          <InputField
            id={ids.firstName}
            label="First name"
            isOptional
            value={input.firstName}
            onValueChange={(firstName) => setInput((current) => ({ ...current, firstName }))}
            autoComplete="off"
            maxLength={NAME_MAX}
          />
          <InputField
            id={ids.lastName}
            label="Last name"
            isOptional
            value={input.lastName}
            onValueChange={(lastName) => setInput((current) => ({ ...current, lastName }))}
            autoComplete="off"
            maxLength={NAME_MAX}
          />
        </div>
        {/* Granting admin access is a super admin's (decision 0025); others set a role later. */}
        {mayInviteAdmins ? (
          <div className="flex items-start gap-3">
            <input
              id={`${id}-admin`}
              type="checkbox"
              checked={input.isAdmin}
              onChange={(event) =>
                setInput((current) => ({ ...current, isAdmin: event.target.checked }))
              }
              aria-describedby={`${id}-admin-hint`}
              className="mt-0.5 size-6 shrink-0 cursor-pointer accent-brand-700"
            />
            <div>
              <label
                htmlFor={`${id}-admin`}
                className="cursor-pointer text-base font-semibold text-navy-900"
              >
                Make them an administrator
              </label>
              <p id={`${id}-admin-hint`} className="text-sm text-slate-600">
                Administrators manage staff accounts and settings once they have chosen their
                password.
              </p>
            </div>
          </div>
        ) : (
          <p className="text-sm text-slate-600">
            Once they have chosen their password, give them a role (Agent, Support or Manager) in
            their details to open the dashboard.
          </p>
        )}
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <div className="flex flex-wrap gap-3">
          <button
            type="submit"
            disabled={isSending}
            className={`${buttonBase} bg-brand-700 text-white hover:bg-brand-800`}
          >
            {isSending ? "Sending…" : "Send invitation"}
          </button>
          <button
            type="button"
            onClick={onCancel}
            className={`${buttonBase} bg-white text-navy-900 ring-1 ring-slate-300 ring-inset hover:bg-slate-50`}
          >
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}
