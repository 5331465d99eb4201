import { useCallback, useEffect, useRef, useState } from "react";
import { PageHeading } from "../../components/page-heading";
import { useAuth } from "../../lib/auth";
import { LogoutErrorToast, useLogout } from "../../lib/use-logout";
import { secondaryButtonClass } from "./form-controls";

/**
 * /api/auth/logout: ends the session on the server, then replaces this page with the login
 * page (spec route table). It waits for a stored session to be restored first, so the
 * logout call cannot race the refresh that rotates the cookie. When the server could not
 * end the session, the person stays signed in and can try again.
 */
export function LogoutPage() {
  const { status } = useAuth();
  const { signOut, isSigningOut, error, clearError } = useLogout();
  const [hasFailed, setHasFailed] = useState(false);
  const hasStarted = useRef(false);

  const attempt = useCallback(async () => {
    setHasFailed(!(await signOut()));
  }, [signOut]);

  useEffect(() => {
    if (status === "restoring" || hasStarted.current) return;
    hasStarted.current = true;
    void attempt();
  }, [status, attempt]);

  return (
    <>
      <PageHeading title="Signing out">
        {!hasFailed ? (
          <p role="status">You are being signed out and will be taken to the staff login page.</p>
        ) : (
          <p role="status">We couldn't sign you out. You are still signed in.</p>
        )}
      </PageHeading>
      {hasFailed ? (
        <section aria-label="Try again" className="px-4 py-10 sm:px-6">
          <div className="mx-auto max-w-6xl lg:px-2">
            <button
              type="button"
              disabled={isSigningOut}
              onClick={() => void attempt()}
              className={secondaryButtonClass}
            >
              {isSigningOut ? "Signing out…" : "Try again"}
            </button>
          </div>
        </section>
      ) : null}
      <LogoutErrorToast error={error} onClose={clearError} />
    </>
  );
}
