// First: configures zod before the domain builds its schemas (see the file).
import { canAccessDashboard, type User, userDisplayName, userRoleLabel } from "@agency/domain";
import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { ButtonLink } from "../../components/button-link";
import { PageHeading } from "../../components/page-heading";
import { useAuth } from "../../lib/auth";
import { RETURN_TO_PARAM } from "../../lib/return-to";
import { LogoutErrorToast, useLogout } from "../../lib/use-logout";
import { secondaryButtonClass } from "./form-controls";
import { landingPathFor } from "./landing";
import { LoginForm } from "./login-form";

/**
 * /api/auth/login. The form is prerendered (and shown while a stored session is being
 * restored); a visitor who is already signed in sees who they are instead, with the way
 * to the dashboard and a Logout button. There are no Google or Facebook buttons and no
 * sign-up link: the spec shows them without behaviour, and staff accounts are created by
 * an administrator (decision record).
 */
export function LoginPage() {
  const { user, status } = useAuth();
  const navigate = useNavigate();
  // A dashboard link opened while signed out (checked by landingPathFor: dashboard paths only).
  const [searchParams] = useSearchParams();
  const requested = searchParams.get(RETURN_TO_PARAM);
  // Set on a successful sign-in here, so the "signed in as" panel does not flash before
  // the page is left.
  const [isLeaving, setIsLeaving] = useState(false);

  function handleSignedIn(signedInUser: User) {
    setIsLeaving(true);
    void navigate(landingPathFor(signedInUser, requested), { replace: true });
  }

  const isSignedIn = status === "signed-in" && user !== null && !isLeaving;
  return (
    <>
      <PageHeading title="Staff Login">
        <p>
          This sign-in is for agency staff. Customers do not need an account to get a quote, send us
          a message or book an appointment.
        </p>
      </PageHeading>
      <section aria-label="Sign in" className="bg-slate-50 px-4 py-10 sm:px-6 sm:py-14">
        <div className="mx-auto w-full max-w-md rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
          {isSignedIn ? (
            <SignedInPanel user={user} dashboardPath={landingPathFor(user, requested)} />
          ) : (
            <>
              <h2 className="text-xl font-bold text-navy-900">Sign in to your account</h2>
              <div className="mt-6">
                <LoginForm onSignedIn={handleSignedIn} />
              </div>
            </>
          )}
        </div>
      </section>
    </>
  );
}

function SignedInPanel({ user, dashboardPath }: { user: User; dashboardPath: string }) {
  const { signOut, isSigningOut, error, clearError } = useLogout();
  const name = userDisplayName(user);
  return (
    <div>
      <h2 className="text-xl font-bold text-navy-900">You're signed in</h2>
      <p className="mt-3 text-base text-slate-700">
        Signed in as <strong className="text-navy-900">{name}</strong>
        {name !== user.email ? <> ({user.email})</> : null}.
      </p>
      <p className="mt-1 text-sm text-slate-600">Account type: {userRoleLabel(user)}</p>
      <div className="mt-6 flex flex-wrap gap-3">
        {canAccessDashboard(user) ? (
          <ButtonLink to={dashboardPath}>Go to Dashboard</ButtonLink>
        ) : (
          <ButtonLink to="/">Go to Home</ButtonLink>
        )}
        <button
          type="button"
          disabled={isSigningOut}
          onClick={() => void signOut()}
          className={secondaryButtonClass}
        >
          {isSigningOut ? "Signing out…" : "Logout"}
        </button>
      </div>
      <LogoutErrorToast error={error} onClose={clearError} />
    </div>
  );
}
