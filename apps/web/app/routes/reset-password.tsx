import { ResetPasswordPage } from "../features/auth/reset-password-page";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Set your password",
    description:
      "Choose a new password for a staff account with the one-time link from your email.",
    noIndex: true,
  });

export default function ResetPassword() {
  return <ResetPasswordPage />;
}
