import {
  API_ENDPOINTS,
  type RouteBody,
  type User,
  type UserRoutes,
  type UserUpdate,
} from "@agency/domain";
import { useCallback, useRef, useState } from "react";
import { type ApiResult, errorText } from "../../lib/api";
import { useAuth } from "../../lib/auth";

/** What the invite form sends: the contract's invite body (InviteSchema's input). */
export type InviteInput = Required<RouteBody<(typeof UserRoutes)["invite"]>>;

type LoadState = { phase: "loading" } | { phase: "ready" } | { phase: "failed"; reason: string };

/**
 * The staff list and the calls that change it. Every change answers the API's result, so
 * the view decides what to say; a successful change replaces that user in the list with
 * the server's copy (the spec merges the updated fields into the user).
 */
export function useUserDirectory() {
  const { call } = useAuth();
  const [users, setUsers] = useState<User[]>([]);
  const [state, setState] = useState<LoadState>({ phase: "loading" });
  const loadCount = useRef(0);

  /** Answers the reason when loading failed (for the spec's toast), else null. */
  const load = useCallback(async (): Promise<string | null> => {
    const ticket = ++loadCount.current;
    setState({ phase: "loading" });
    const result = await call(API_ENDPOINTS.users.list);
    // A later load (Try again) wins over an earlier one still on its way.
    if (ticket !== loadCount.current) return null;
    if (result.ok && Array.isArray(result.data)) {
      setUsers(result.data);
      setState({ phase: "ready" });
      return null;
    }
    const reason = result.ok ? "Unexpected data format" : errorText(result);
    setState({ phase: "failed", reason });
    return reason;
  }, [call]);

  const update = useCallback(
    async (id: string, change: UserUpdate): Promise<ApiResult<User>> => {
      const result = await call(API_ENDPOINTS.users.update, { params: { id }, body: change });
      if (result.ok) {
        setUsers((list) =>
          list.map((user) => (user._id === id ? { ...user, ...result.data } : user)),
        );
      }
      return result;
    },
    [call],
  );

  const invite = useCallback(
    async (input: InviteInput): Promise<ApiResult<User>> => {
      const result = await call(API_ENDPOINTS.users.invite, { body: input });
      if (result.ok)
        setUsers((list) => [result.data, ...list.filter((user) => user._id !== result.data._id)]);
      return result;
    },
    [call],
  );

  /** Resends (a new link, the old one dies) or revokes a pending invitation. */
  const changeInvitation = useCallback(
    async (id: string, action: "resend" | "revoke"): Promise<ApiResult<User>> => {
      const result =
        action === "resend"
          ? await call(API_ENDPOINTS.users.resendInvitation, { params: { id } })
          : await call(API_ENDPOINTS.users.revokeInvitation, { params: { id } });
      if (result.ok) {
        setUsers((list) => list.map((user) => (user._id === id ? result.data : user)));
      }
      return result;
    },
    [call],
  );

  return { users, state, load, update, invite, changeInvitation };
}
