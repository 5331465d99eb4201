import { AUTH_MESSAGES } from "@agency/domain";
import { useCallback, useState } from "react";
import { createPortal } from "react-dom";
import { useNavigate } from "react-router";
import { Toast } from "../components/toast";
import { useAuth } from "./auth";
import { loginPath } from "./site-links";
import { useIsHydrated } from "./use-is-hydrated";

const LOGOUT_TOAST_MS = 8000;

/**
 * Logout as every Logout item does it (nav, dashboard sidebar, the logout page): end the
 * session on the server, then go to the login page. When the server could not end it, the
 * person stays signed in and `error` holds "An error occurred during logout" (spec).
 */
export function useLogout() {
  const { logout } = useAuth();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [isSigningOut, setIsSigningOut] = useState(false);

  const signOut = useCallback(async (): Promise<boolean> => {
    setIsSigningOut(true);
    setError(null);
    const isDone = await logout();
    setIsSigningOut(false);
    if (!isDone) {
      setError(AUTH_MESSAGES.logoutFailed);
      return false;
    }
    await navigate(loginPath, { replace: true });
    return true;
  }, [logout, navigate]);

  const clearError = useCallback(() => setError(null), []);
  return { signOut, isSigningOut, error, clearError };
}

/**
 * The logout failure toast. Portalled to <body>, so a Logout item inside a menu that
 * closes (the phone navigation) still shows it.
 */
export function LogoutErrorToast({
  error,
  onClose,
}: {
  error: string | null;
  onClose: () => void;
}) {
  const isHydrated = useIsHydrated();
  if (!isHydrated) return null;
  return createPortal(
    <Toast message={error} tone="error" durationMs={LOGOUT_TOAST_MS} onClose={onClose} />,
    document.body,
  );
}
