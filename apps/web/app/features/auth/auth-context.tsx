import type { User } from "@agency/domain";
import { createContext, type ReactNode, use, useCallback, useMemo, useState } from "react";

export interface AuthContextValue {
  user: User | null;
  isAuthenticated: boolean;
  /** Ends the session. Resolves once the user is cleared. */
  logout: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * Holds the session for the whole app. Signing in (access token in memory, refresh
 * cookie restored through `/api/users/refresh`) is added by the auth feature; until then
 * every visitor is signed out.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<User | null>(null);

  const logout = useCallback(async () => {
    setUser(null);
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({ user, isAuthenticated: user !== null, logout }),
    [user, logout],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const value = use(AuthContext);
  if (value === null) {
    throw new Error("useAuth must be used within an AuthProvider");
  }
  return value;
}
