import { useEffect } from "react";
import { useNavigate } from "react-router";
import { PageHeading } from "../components/page-heading";
import { useAuth } from "../features/auth/auth-context";
import { pageMeta } from "../lib/meta";
import { loginPath } from "../lib/site-links";
import type { Route } from "./+types/logout";

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Signing out", description: "Signing out of the staff area.", noIndex: true });

/** Ends the session, then replaces this page with the login page (spec route table). */
export default function Logout() {
  const { logout } = useAuth();
  const navigate = useNavigate();

  useEffect(() => {
    let isCurrent = true;
    void logout().then(() => {
      if (isCurrent) void navigate(loginPath, { replace: true });
    });
    return () => {
      isCurrent = false;
    };
  }, [logout, navigate]);

  return (
    <PageHeading title="Signing out">
      <p role="status">You are being signed out and will be taken to the staff login page.</p>
    </PageHeading>
  );
}
