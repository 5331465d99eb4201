import {
  API_ENDPOINTS,
  AUTH_MESSAGES,
  type AuthRoutes,
  type Endpoint,
  type RouteDefinition,
  type TwoFactorSetup,
  type User,
} from "@agency/domain";
import {
  createContext,
  type ReactNode,
  use,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import {
  type ApiFailure,
  type ApiResult,
  type CallArguments,
  callRoute,
  errorText,
  type RouteAnswer,
  type RouteSuccess,
  routeUrl,
} from "./api";

export type AuthStatus = "restoring" | "signed-in" | "signed-out";

/** A session as the contract's refresh answers it (login's second step answers the same). */
type SessionResponse = RouteAnswer<(typeof AuthRoutes)["refresh"], 200>;

export type LoginFailure = {
  ok: false;
  next?: undefined;
  error: string;
  status: number | undefined;
  retryAfterSeconds?: number | undefined;
};

export type LoginResult =
  | { ok: true; user: User }
  /** The password was right; a second step comes before the session (decision 0023). */
  | { ok: false; next: "second-factor" | "enrolment"; challenge: string }
  | LoginFailure;

/** A confirmed enrolment at sign-in: the codes to show once, then `enter()` signs in. */
export type EnrolmentResult =
  | { ok: true; recoveryCodes: string[]; enter: () => User }
  | LoginFailure;

export interface AuthContextValue {
  user: User | null;
  /** "restoring" until the first check after load: guards wait for it before redirecting. */
  status: AuthStatus;
  isAuthenticated: boolean;
  /** Signs in; on failure answers the server's error, else "Invalid email or password". */
  login: (input: { email: string; password: string; rememberMe: boolean }) => Promise<LoginResult>;
  /** Step 2 of an enrolled account's sign-in: an authenticator or recovery code. */
  completeSecondFactor: (input: { challenge: string; code: string }) => Promise<LoginResult>;
  /** Enrolment required at sign-in: the authenticator to add. */
  startEnrolment: (challenge: string) => Promise<ApiResult<TwoFactorSetup>>;
  /** Confirms it with a first code; the session starts when the caller calls `enter()`. */
  confirmEnrolment: (input: { challenge: string; code: string }) => Promise<EnrolmentResult>;
  /** Ends the session on the server; answers false (and stays signed in) when that failed. */
  logout: () => Promise<boolean>;
  /**
   * callRoute as the signed-in user: the access token goes with it, and on a 401 the session
   * is refreshed once and the call made again.
   */
  call: <R extends RouteDefinition>(
    endpoint: Endpoint<R>,
    ...args: CallArguments<R>
  ) => Promise<ApiResult<RouteSuccess<R>>>;
  /** The spec's user refresh: re-reads the user; a 401 or 404 signs out. */
  refreshUser: () => Promise<void>;
  /**
   * Downloads a protected file (a CSV export) with the access token, refreshing once on a
   * 401, and hands it to the browser as a download. Answers false when that failed.
   */
  download: (
    endpoint: { path: string },
    options?: { params?: unknown; query?: unknown },
  ) => Promise<boolean>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * A hint (not a credential) that this browser may hold a session cookie, so anonymous
 * visitors never make a refresh call that can only fail. The token itself lives in memory
 * only; the refresh cookie is HttpOnly (contract). Other tabs watch the hint to follow a
 * sign-in or sign-out made elsewhere.
 */
const SESSION_HINT_KEY = "agency.hasSession";
/** Access tokens live 15 minutes; renew well before. */
const RENEW_EVERY_MS = 10 * 60 * 1000;
/** Web Locks name that serialises refreshes across this site's tabs. */
const REFRESH_LOCK = "agency.session-refresh";

function readHint(): boolean {
  try {
    return window.localStorage.getItem(SESSION_HINT_KEY) === "1";
  } catch {
    return false;
  }
}
function writeHint(hasSession: boolean) {
  try {
    if (hasSession) window.localStorage.setItem(SESSION_HINT_KEY, "1");
    else window.localStorage.removeItem(SESSION_HINT_KEY);
  } catch {
    // Storage may be unavailable (private mode); the session still works for this page.
  }
}

/**
 * Each refresh token works once (the server rotates it). Two tabs refreshing with the same
 * cookie at the same moment would make one of them lose — and the loser's answer clears
 * the cookie for both. Holding a cross-tab lock around the call means the second tab sends
 * the cookie the first one just received.
 */
function withRefreshLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
  if (!locks) return work();
  return locks.request(REFRESH_LOCK, work) as Promise<T>;
}

/** The file name of a Content-Disposition header (`attachment; filename="quotes.csv"`). */
function fileNameFrom(header: string | null): string | undefined {
  const match = header ? /filename="?([^";]+)"?/i.exec(header) : null;
  return match?.[1];
}

function failureOf(result: ApiFailure): LoginFailure {
  return {
    ok: false,
    status: result.status,
    error: errorText(result, AUTH_MESSAGES.invalidCredentials),
    retryAfterSeconds: result.retryAfterSeconds,
  };
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUserState] = useState<User | null>(null);
  const [status, setStatus] = useState<AuthStatus>("restoring");
  const tokenRef = useRef<string | null>(null);
  // The latest user for callbacks that must not change identity when the user does.
  const userRef = useRef<User | null>(null);
  const refreshing = useRef<Promise<boolean> | null>(null);
  const hasRestored = useRef(false);

  const setUser = useCallback((next: User | null) => {
    userRef.current = next;
    setUserState(next);
  }, []);

  const signedOut = useCallback(() => {
    tokenRef.current = null;
    writeHint(false);
    setUser(null);
    setStatus("signed-out");
  }, [setUser]);

  const signedIn = useCallback(
    (session: SessionResponse) => {
      tokenRef.current = session.token;
      writeHint(true);
      setUser(session.user);
      setStatus("signed-in");
    },
    [setUser],
  );

  /**
   * One refresh at a time; concurrent callers share it. Only a 401 means the session is
   * over. Anything else (offline, rate limited, a server error) keeps a signed-in user
   * signed in — their token may still be good — and ends a restore as signed out, so
   * guards never wait forever; the hint stays, so the next load tries again.
   */
  const refreshSession = useCallback((): Promise<boolean> => {
    refreshing.current ??= withRefreshLock(() => callRoute(API_ENDPOINTS.auth.refresh))
      .then((result) => {
        if (result.ok) {
          signedIn(result.data);
          return true;
        }
        if (result.status === 401) signedOut();
        else setStatus((current) => (current === "restoring" ? "signed-out" : current));
        return false;
      })
      .finally(() => {
        refreshing.current = null;
      });
    return refreshing.current;
  }, [signedIn, signedOut]);

  const call = useCallback(
    async <R extends RouteDefinition>(
      endpoint: Endpoint<R>,
      ...[options]: CallArguments<R>
    ): Promise<ApiResult<RouteSuccess<R>>> => {
      const withToken = () =>
        callRoute(
          endpoint,
          ...([{ ...options, token: tokenRef.current ?? undefined }] as CallArguments<R>),
        );
      const first = await withToken();
      if (first.ok || first.status !== 401) return first;
      if (!(await refreshSession())) return first;
      return withToken();
    },
    [refreshSession],
  );

  const refreshUser = useCallback(async () => {
    const current = userRef.current;
    if (!current) return;
    const result = await call(API_ENDPOINTS.users.get, { params: { id: current._id } });
    // Ignore an answer about someone who signed out (or was replaced) meanwhile.
    if (userRef.current?._id !== current._id) return;
    if (result.ok) setUser(result.data);
    else if (result.status === 401 || result.status === 404) signedOut();
  }, [call, setUser, signedOut]);

  const download = useCallback(
    async (
      endpoint: { path: string },
      options: { params?: unknown; query?: unknown } = {},
    ): Promise<boolean> => {
      const path = routeUrl(endpoint, options);
      const fetchFile = () =>
        fetch(path, {
          credentials: "same-origin",
          headers: tokenRef.current ? { authorization: `Bearer ${tokenRef.current}` } : {},
        });
      try {
        let response = await fetchFile();
        if (response.status === 401 && (await refreshSession())) response = await fetchFile();
        if (!response.ok) return false;
        const blob = await response.blob();
        const url = URL.createObjectURL(blob);
        const link = document.createElement("a");
        link.href = url;
        link.download =
          fileNameFrom(response.headers.get("content-disposition")) ??
          path.split("?")[0]?.split("/").pop() ??
          "download";
        document.body.append(link);
        link.click();
        link.remove();
        // The click has handed the blob to the browser's download by the next task.
        window.setTimeout(() => URL.revokeObjectURL(url), 1000);
        return true;
      } catch {
        return false;
      }
    },
    [refreshSession],
  );

  // Restore on load (only when this browser may have a session), then the spec's user refresh.
  useEffect(() => {
    if (hasRestored.current) return;
    hasRestored.current = true;
    if (!readHint()) {
      setStatus("signed-out");
      return;
    }
    void refreshSession().then((isRestored) => {
      if (isRestored) void refreshUser();
    });
  }, [refreshSession, refreshUser]);

  // Renew the access token while signed in.
  useEffect(() => {
    if (status !== "signed-in") return;
    const timer = window.setInterval(() => void refreshSession(), RENEW_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [status, refreshSession]);

  // Follow a sign-in or sign-out made in another tab (they share the refresh cookie).
  useEffect(() => {
    function onStorage(event: StorageEvent) {
      if (event.key !== SESSION_HINT_KEY && event.key !== null) return;
      const isHinted = readHint();
      if (isHinted && userRef.current === null) void refreshSession();
      // Ask the server rather than trusting the hint: only a 401 signs this tab out.
      if (!isHinted && userRef.current !== null) void refreshSession();
    }
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [refreshSession]);

  const login = useCallback<AuthContextValue["login"]>(
    async ({ email, password, rememberMe }) => {
      const result = await callRoute(API_ENDPOINTS.auth.login, {
        body: { email, password, rememberMe },
      });
      if (!result.ok) return failureOf(result);
      const answer = result.data;
      if ("secondFactorRequired" in answer) {
        return { ok: false, next: "second-factor", challenge: answer.challenge };
      }
      if ("enrolmentRequired" in answer) {
        return { ok: false, next: "enrolment", challenge: answer.challenge };
      }
      signedIn(answer);
      return { ok: true, user: answer.user };
    },
    [signedIn],
  );

  const completeSecondFactor = useCallback<AuthContextValue["completeSecondFactor"]>(
    async (input) => {
      const result = await callRoute(API_ENDPOINTS.auth.secondFactor, { body: input });
      if (!result.ok) return failureOf(result);
      signedIn(result.data);
      return { ok: true, user: result.data.user };
    },
    [signedIn],
  );

  const startEnrolment = useCallback<AuthContextValue["startEnrolment"]>(
    (challenge) => callRoute(API_ENDPOINTS.auth.enrolment, { body: { challenge } }),
    [],
  );

  const confirmEnrolment = useCallback<AuthContextValue["confirmEnrolment"]>(
    async (input) => {
      const result = await callRoute(API_ENDPOINTS.auth.confirmEnrolment, { body: input });
      if (!result.ok) return failureOf(result);
      const { recoveryCodes, ...session } = result.data;
      return {
        ok: true,
        recoveryCodes,
        enter: () => {
          signedIn(session);
          return session.user;
        },
      };
    },
    [signedIn],
  );

  const logout = useCallback(async (): Promise<boolean> => {
    // A refresh in flight would rotate the cookie under the logout call; let it land first.
    if (refreshing.current) await refreshing.current;
    const result = await callRoute(API_ENDPOINTS.auth.logout, {
      token: tokenRef.current ?? undefined,
    });
    // 401: the session had already ended on the server; either way we are signed out here.
    if (result.ok || result.status === 401) {
      signedOut();
      return true;
    }
    return false;
  }, [signedOut]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      status,
      isAuthenticated: status === "signed-in" && user !== null,
      login,
      completeSecondFactor,
      startEnrolment,
      confirmEnrolment,
      logout,
      call,
      refreshUser,
      download,
    }),
    [
      user,
      status,
      login,
      completeSecondFactor,
      startEnrolment,
      confirmEnrolment,
      logout,
      call,
      refreshUser,
      download,
    ],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const value = use(AuthContext);
  if (value === null) throw new Error(AUTH_MESSAGES.outsideProvider);
  return value;
}
