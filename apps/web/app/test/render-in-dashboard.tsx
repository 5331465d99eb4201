import { API_ENDPOINTS, type User } from "@agency/domain";
import { render } from "@testing-library/react";
import type { ReactElement, ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { type Mock, vi } from "vitest";
import { AuthProvider, useAuth } from "../lib/auth";
import { DashboardContext, type DashboardContextValue } from "../lib/dashboard-context";
import type { stubFetch } from "./stub-fetch";

/** A signed-in administrator (every lead permission). */
export const STAFF_USER: User = {
  _id: "u1",
  email: "ann.admin@example.com",
  firstName: "Ann",
  lastName: "Admin",
  role: ["Admin"],
  isAdmin: true,
  supperAdmin: false,
  isVerified: true,
  createdAt: "2026-01-05T15:00:00.000Z",
};

/** What the dashboard shell shows a view only once the session is restored. */
function SignedIn({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useAuth();
  return isAuthenticated ? children : null;
}

/**
 * Renders a dashboard piece as the shell does: at `url` in a router, signed in through the
 * real AuthProvider (the session restored by the stubbed refresh route), with the shell's
 * context (toasts recorded). Every call goes through the stubbed `fetch`.
 */
export function renderInDashboard(
  server: ReturnType<typeof stubFetch>,
  ui: ReactElement,
  { url = "/dashboard", user = STAFF_USER }: { url?: string; user?: User } = {},
) {
  window.localStorage.setItem("agency.hasSession", "1");
  server.on(API_ENDPOINTS.auth.refresh, { token: "test-token", user });
  server.on(API_ENDPOINTS.users.get, user);
  const showToast: Mock<DashboardContextValue["showToast"]> = vi.fn();
  const rendered = render(
    <MemoryRouter initialEntries={[url]}>
      <AuthProvider>
        <DashboardContext value={{ showToast, openProspect: vi.fn() }}>
          <SignedIn>{ui}</SignedIn>
        </DashboardContext>
      </AuthProvider>
    </MemoryRouter>,
  );
  return { ...rendered, showToast };
}
