import {
  AGENCY,
  accountChangeRefusal,
  accountStatus,
  ROLES,
  type Role,
  toggleRole,
  type User,
  type UserUpdate,
  userDisplayName,
} from "@agency/domain";
import type { ReactNode, RefObject } from "react";
import { useId } from "react";
import { ArrowLeftIcon, CheckIcon } from "../../components/icons/index";
import { cn } from "../../lib/cn";
import { AccessSwitch } from "./access-switch";
import { UserBadges } from "./user-badges";

/** Which control is saving: a flag, one role button, or an invitation action. */
export type PendingChange =
  | keyof Omit<UserUpdate, "role">
  | `role:${Role}`
  | "invitation:resend"
  | "invitation:revoke";

const createdFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: AGENCY.timeZone,
  dateStyle: "medium",
  timeStyle: "short",
});

const actionClass =
  "inline-flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-md px-4 text-sm font-semibold aria-disabled:cursor-wait aria-disabled:opacity-70";

function formatCreated(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${createdFormat.format(date)} Central Time`;
}

interface UserDetailProps {
  user: User;
  /** The signed-in user: what they may change follows their role (decision 0025). */
  actor: User | null;
  isSelf: boolean;
  pending: PendingChange | null;
  onChangeFlag: (flag: "isAdmin" | "supperAdmin" | "isVerified", value: boolean) => void;
  onToggleRole: (role: Role) => void;
  onResendInvitation: () => void;
  onRevokeInvitation: () => void;
  onBack: () => void;
  headingRef: RefObject<HTMLHeadingElement | null>;
}

/**
 * The detail panel: who the user is, their roles and status, the three flags as switches
 * and the role buttons (each toggles one role; the full list is sent).
 */
export function UserDetail({
  user,
  actor,
  isSelf,
  pending,
  onChangeFlag,
  onToggleRole,
  onResendInvitation,
  onRevokeInvitation,
  onBack,
  headingRef,
}: UserDetailProps) {
  const id = useId();
  const status = accountStatus(user);
  // The server's rules, asked beforehand so a control the role may not use is shown locked.
  const accountLock = accountChangeRefusal(actor, user);
  const roleLock = (role: Role) =>
    accountChangeRefusal(actor, user, { role: toggleRole(user.role, role) });
  // When the whole account is out of reach, its reason is said once, above the controls.
  const roleLocks = accountLock
    ? []
    : [...new Set(ROLES.map(roleLock).filter((reason) => reason !== null))];
  const lockOf = (reason: string | null) =>
    accountLock ? { isLocked: true, lockedReason: null } : { lockedReason: reason };
  return (
    <article
      aria-labelledby={`${id}-heading`}
      className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      {/* Phone layout: the list and the detail take turns. */}
      <button
        type="button"
        onClick={onBack}
        className="-mt-1 mb-4 inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md pr-3 text-sm font-semibold text-brand-700 hover:text-brand-800 @3xl:hidden"
      >
        <ArrowLeftIcon className="size-5" />
        Back to all users
      </button>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2
            id={`${id}-heading`}
            ref={headingRef}
            tabIndex={-1}
            className="text-xl font-bold break-words text-navy-900 focus:outline-none"
          >
            {userDisplayName(user)}
            {isSelf ? <span className="font-normal text-slate-600"> (you)</span> : null}
          </h2>
          <UserBadges user={user} className="mt-2" />
        </div>
        <span
          className={cn(
            "inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold",
            status === "Active" ? "bg-emerald-100 text-emerald-900" : "bg-slate-200 text-slate-800",
          )}
        >
          <span
            aria-hidden="true"
            className={cn(
              "size-2 rounded-full",
              status === "Active" ? "bg-emerald-600" : "bg-slate-500",
            )}
          />
          {status}
        </span>
      </div>

      <dl className="mt-6 grid gap-x-6 gap-y-4 @lg:grid-cols-2">
        <Detail term="User ID">
          <span className="font-mono text-sm break-all">{user._id}</span>
        </Detail>
        <Detail term="Email">
          <a
            href={`mailto:${user.email}`}
            className="break-all text-brand-700 underline-offset-4 hover:underline"
          >
            {user.email}
          </a>
        </Detail>
        <Detail term="First name">{user.firstName || "—"}</Detail>
        <Detail term="Last name">{user.lastName || "—"}</Detail>
        <Detail term="Created">{formatCreated(user.createdAt)}</Detail>
        <Detail term="Roles">{user.role.length > 0 ? user.role.join(", ") : "None"}</Detail>
        <Detail term="Status">{status}</Detail>
      </dl>

      {user.invitation ? (
        <section aria-labelledby={`${id}-invitation`} className="mt-8">
          <h3 id={`${id}-invitation`} className="text-base font-bold text-navy-900">
            Invitation
          </h3>
          <p className="mt-1 text-sm text-slate-600">
            {user.invitation.expiresAt
              ? `Not accepted yet. The emailed link works until ${formatCreated(user.invitation.expiresAt)}.`
              : "Not accepted yet, and no link works any more (revoked or expired). Resend it to let them in."}
          </p>
          {accountLock ? (
            <p className="mt-2 text-sm font-medium text-slate-800">{accountLock}</p>
          ) : null}
          <div className={cn("mt-3 flex flex-wrap gap-3", accountLock && "hidden")}>
            <button
              type="button"
              aria-busy={pending === "invitation:resend" || undefined}
              aria-disabled={pending !== null || undefined}
              onClick={() => {
                if (pending === null) onResendInvitation();
              }}
              className={cn(
                actionClass,
                "bg-white text-navy-900 ring-1 ring-slate-300 ring-inset hover:bg-slate-50",
              )}
            >
              {pending === "invitation:resend" ? "Sending…" : "Resend invitation"}
            </button>
            {user.invitation.expiresAt ? (
              <button
                type="button"
                aria-busy={pending === "invitation:revoke" || undefined}
                aria-disabled={pending !== null || undefined}
                onClick={() => {
                  if (pending === null) onRevokeInvitation();
                }}
                className={cn(
                  actionClass,
                  "bg-white text-red-800 ring-1 ring-red-300 ring-inset hover:bg-red-50",
                )}
              >
                {pending === "invitation:revoke" ? "Revoking…" : "Revoke invitation"}
              </button>
            ) : null}
          </div>
        </section>
      ) : null}

      <section aria-labelledby={`${id}-access`} className="mt-8">
        <h3 id={`${id}-access`} className="text-base font-bold text-navy-900">
          Access
        </h3>
        {accountLock ? (
          <p className="mt-1 rounded-md bg-slate-100 px-3 py-2 text-sm font-medium text-slate-800">
            {accountLock}
          </p>
        ) : null}
        <div className="mt-1 divide-y divide-slate-200">
          <AccessSwitch
            label="Administrator"
            description="Everything a Manager does, and staff accounts and agency settings."
            isOn={user.isAdmin}
            isBusy={pending === "isAdmin"}
            isDisabled={pending !== null}
            {...lockOf(accountChangeRefusal(actor, user, { isAdmin: !user.isAdmin }))}
            onToggle={() => onChangeFlag("isAdmin", !user.isAdmin)}
          />
          <AccessSwitch
            label="Super Admin"
            description="Everything an Administrator does, and manages administrators."
            isOn={user.supperAdmin}
            isBusy={pending === "supperAdmin"}
            isDisabled={pending !== null}
            {...lockOf(accountChangeRefusal(actor, user, { supperAdmin: !user.supperAdmin }))}
            onToggle={() => onChangeFlag("supperAdmin", !user.supperAdmin)}
          />
          <AccessSwitch
            label="Verified (active account)"
            description="Only active accounts can sign in. Turning this off deactivates the account and signs the person out everywhere."
            isOn={user.isVerified}
            isBusy={pending === "isVerified"}
            isDisabled={pending !== null}
            {...lockOf(accountLock)}
            onToggle={() => onChangeFlag("isVerified", !user.isVerified)}
          />
        </div>
      </section>

      <fieldset aria-describedby={`${id}-roles-hint`} className="mt-6">
        <legend className="text-base font-bold text-navy-900">Roles</legend>
        <p id={`${id}-roles-hint`} className="mt-0.5 text-sm text-slate-600">
          Select a role to add or remove it. Agent and Support work leads; a Manager also assigns,
          exports, archives and sees reports; an Admin also manages staff accounts.
          {roleLocks.map((reason) => (
            <span key={reason} className="mt-1 block font-medium text-slate-800">
              {reason}
            </span>
          ))}
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          {ROLES.map((role) => {
            const hasRole = user.role.includes(role);
            const isBusy = pending === `role:${role}`;
            const isLocked = roleLock(role) !== null;
            return (
              <button
                key={role}
                type="button"
                aria-pressed={hasRole}
                aria-busy={isBusy || undefined}
                aria-disabled={pending !== null || isLocked || undefined}
                onClick={() => {
                  if (pending === null && !isLocked) onToggleRole(role);
                }}
                className={cn(
                  "inline-flex min-h-11 cursor-pointer items-center gap-1.5 rounded-full px-4 text-sm font-semibold ring-1 ring-inset aria-disabled:cursor-wait aria-disabled:opacity-70",
                  isLocked && "aria-disabled:cursor-not-allowed aria-disabled:opacity-50",
                  hasRole
                    ? "bg-brand-700 text-white ring-brand-700 hover:bg-brand-800"
                    : "bg-white text-navy-900 ring-slate-400 hover:bg-slate-50",
                )}
              >
                {hasRole ? <CheckIcon className="size-4" /> : null}
                {role}
              </button>
            );
          })}
        </div>
      </fieldset>
    </article>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm font-semibold text-slate-600">{term}</dt>
      <dd className="mt-0.5 text-base text-slate-900">{children}</dd>
    </div>
  );
}
