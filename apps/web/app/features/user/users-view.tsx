// First: configures zod before the domain builds its schemas (see the file).
import {
  canAccessDashboard,
  type Role,
  toggleRole,
  USER_ADMIN_MESSAGES,
  type User,
  type UserUpdate,
} from "@agency/domain";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { UserPlusIcon } from "../../components/icons/index";
import { Toast } from "../../components/toast";
import { errorText } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { cn } from "../../lib/cn";
import { InviteForm } from "./invite-form";
import { useUserDirectory } from "./use-user-directory";
import { type PendingChange, UserDetail } from "./user-detail";
import { UserList } from "./user-list";
import { matchesUserSearch } from "./user-search";

type ToastState = { message: string; tone: "success" | "error" };
type Flag = "isAdmin" | "supperAdmin" | "isVerified";

const SUCCESS_TOAST_MS = 5000;
const ERROR_TOAST_MS = 9000;

const buttonClass =
  "inline-flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-md px-4 text-sm font-semibold";

/** Whether a change to your own account would lock you out, and what to ask first. */
function selfLockoutQuestion(user: User, flag: Flag, value: boolean): string | null {
  if (value) return null;
  if (flag === "isVerified") {
    return "Deactivate your own account? You will be signed out everywhere and cannot sign in again until another administrator reactivates you.";
  }
  // The Admin role goes with the flag (the server keeps them together).
  const role = flag === "isAdmin" && !value ? user.role.filter((r) => r !== "Admin") : user.role;
  if (!canAccessDashboard({ ...user, role, [flag]: value })) {
    return "Remove your own administrator access? You will leave the dashboard at once.";
  }
  return null;
}

/**
 * The dashboard's All Users view: a searchable list with the badges
 * Admin, Super Admin and Unverified, and a detail panel with the flags as switches and the
 * role buttons. Beyond the spec: invite a staff member by email, and deactivate (the
 * Verified switch) instead of delete. The server refuses to demote or deactivate the last
 * active administrator; its message shows in the failure toast.
 *
 * Side by side when there is room (a container query, so it follows the space the
 * dashboard gives it); on a phone the list and the detail take turns, with a Back button.
 */
export function UsersView() {
  const { user: me, refreshUser } = useAuth();
  const { users, state, load, update, invite, changeInvitation } = useUserDirectory();
  const [query, setQuery] = useState("");
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [pending, setPending] = useState<PendingChange | null>(null);
  const [isInviteOpen, setIsInviteOpen] = useState(false);
  const [toast, setToast] = useState<ToastState | null>(null);
  const listPaneRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const inviteButtonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef(new Map<string, HTMLButtonElement>());
  const focusAfterRender = useRef<{ to: "detail" | "heading" } | { to: "item"; id: string } | null>(
    null,
  );

  const showToast = useCallback((message: string, tone: ToastState["tone"]) => {
    // Through null, so the same text twice is announced again and restarts the countdown.
    setToast(null);
    window.setTimeout(() => setToast({ message, tone }), 30);
  }, []);

  const reload = useCallback(async () => {
    const reason = await load();
    if (reason !== null) showToast(USER_ADMIN_MESSAGES.loadFailed(reason), "error");
  }, [load, showToast]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const visibleUsers = useMemo(
    () => users.filter((user) => matchesUserSearch(user, query)),
    [users, query],
  );
  const selected = users.find((user) => user._id === selectedId) ?? null;

  // Focus follows the phone layout's turns: into the detail, and back to the list item.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each selection change
  useEffect(() => {
    const target = focusAfterRender.current;
    focusAfterRender.current = null;
    if (target?.to === "item") itemRefs.current.get(target.id)?.focus();
    if (target?.to === "heading") headingRef.current?.focus();
    // Only when the list gave way to the detail; side by side, focus stays in the list.
    if (target?.to === "detail" && listPaneRef.current?.getClientRects().length === 0) {
      headingRef.current?.focus();
    }
  }, [selectedId]);

  function select(id: string) {
    focusAfterRender.current = { to: "detail" };
    setSelectedId(id);
  }

  function back() {
    if (selectedId) focusAfterRender.current = { to: "item", id: selectedId };
    setSelectedId(null);
  }

  async function save(user: User, change: UserUpdate, key: PendingChange) {
    if (pending !== null) return;
    setPending(key);
    const result = await update(user._id, change);
    setPending(null);
    if (result.ok) {
      showToast(USER_ADMIN_MESSAGES.updated, "success");
      // Your own flags decide what you may see: re-read them (the dashboard guard follows).
      if (user._id === me?._id) void refreshUser();
    } else {
      showToast(USER_ADMIN_MESSAGES.updateFailed(errorText(result)), "error");
    }
  }

  function changeFlag(user: User, flag: Flag, value: boolean) {
    const question = user._id === me?._id ? selfLockoutQuestion(user, flag, value) : null;
    if (question && !window.confirm(question)) return;
    void save(user, { [flag]: value }, flag);
  }

  function changeRole(user: User, role: Role) {
    // The spec's PUT carries the full role list.
    void save(user, { role: toggleRole(user.role, role) }, `role:${role}`);
  }

  async function changeInvitationOf(user: User, action: "resend" | "revoke") {
    if (pending !== null) return;
    setPending(`invitation:${action}`);
    const result = await changeInvitation(user._id, action);
    setPending(null);
    if (result.ok) {
      showToast(
        action === "resend"
          ? `A new invitation was sent to ${user.email}. Earlier links no longer work.`
          : `Invitation revoked. The link sent to ${user.email} no longer works.`,
        "success",
      );
    } else {
      showToast(`Failed to ${action} invitation: ${errorText(result)}`, "error");
    }
  }

  function closeInvite() {
    setIsInviteOpen(false);
    inviteButtonRef.current?.focus();
  }

  function handleInvited(invited: User) {
    setIsInviteOpen(false);
    setQuery("");
    showToast(`Invitation sent to ${invited.email}.`, "success");
    // The form is gone: focus moves to the new account's detail.
    focusAfterRender.current = { to: "heading" };
    setSelectedId(invited._id);
  }

  return (
    <div className="@container space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="flex items-center gap-2 text-xl font-bold text-navy-900">
          Staff Accounts
          {state.phase === "ready" ? (
            <span className="rounded-full bg-brand-100 px-2.5 py-0.5 text-sm font-semibold text-brand-800">
              {users.length.toLocaleString("en-US")}
              <span className="sr-only"> accounts</span>
            </span>
          ) : null}
        </h2>
        <button
          ref={inviteButtonRef}
          type="button"
          aria-expanded={isInviteOpen}
          onClick={() => (isInviteOpen ? closeInvite() : setIsInviteOpen(true))}
          className={cn(buttonClass, "bg-brand-700 text-white hover:bg-brand-800")}
        >
          <UserPlusIcon className="size-5" />
          Invite staff member
        </button>
      </div>

      {isInviteOpen ? (
        <InviteForm onInvite={invite} onInvited={handleInvited} onCancel={closeInvite} />
      ) : null}

      {state.phase === "failed" ? (
        <div className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-950">
          <h3 className="text-lg font-bold">Couldn't load the staff accounts</h3>
          <p className="mt-1">{USER_ADMIN_MESSAGES.loadFailed(state.reason)}</p>
          <button
            type="button"
            onClick={() => void reload()}
            className={cn(
              buttonClass,
              "mt-4 bg-white text-navy-900 ring-1 ring-slate-300 ring-inset hover:bg-slate-50",
            )}
          >
            Try Again
          </button>
        </div>
      ) : state.phase === "loading" && users.length === 0 ? (
        <div
          role="status"
          className="flex items-center gap-3 rounded-xl bg-white p-6 text-slate-700 shadow-sm ring-1 ring-slate-200"
        >
          <span className="size-5 animate-spin rounded-full border-2 border-brand-600 border-t-transparent motion-reduce:animate-none" />
          Loading staff accounts…
        </div>
      ) : (
        <div className="gap-6 @3xl:grid @3xl:grid-cols-[minmax(17rem,22rem)_minmax(0,1fr)] @3xl:items-start">
          <div ref={listPaneRef} className={cn(selected && "hidden @3xl:block")}>
            <UserList
              users={visibleUsers}
              total={users.length}
              query={query}
              onQueryChange={setQuery}
              selectedId={selectedId}
              onSelect={select}
              itemRefs={itemRefs}
            />
          </div>
          <div className={cn(!selected && "hidden @3xl:block")}>
            {selected ? (
              <UserDetail
                user={selected}
                actor={me}
                isSelf={selected._id === me?._id}
                pending={pending}
                onChangeFlag={(flag, value) => changeFlag(selected, flag, value)}
                onToggleRole={(role) => changeRole(selected, role)}
                onResendInvitation={() => void changeInvitationOf(selected, "resend")}
                onRevokeInvitation={() => void changeInvitationOf(selected, "revoke")}
                onBack={back}
                headingRef={headingRef}
              />
            ) : (
              <div className="rounded-xl border-2 border-dashed border-slate-300 p-8 text-center text-slate-600">
                Select a user to see their details, access and roles.
              </div>
            )}
          </div>
        </div>
      )}

      <Toast
        message={toast?.message ?? null}
        tone={toast?.tone ?? "success"}
        durationMs={toast?.tone === "error" ? ERROR_TOAST_MS : SUCCESS_TOAST_MS}
        onClose={() => setToast(null)}
      />
    </div>
  );
}
