import { LogoutPage } from "../features/auth/logout-page";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/logout";

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Signing out", description: "Signing out of the staff area.", noIndex: true });

export default function Logout() {
  return <LogoutPage />;
}
