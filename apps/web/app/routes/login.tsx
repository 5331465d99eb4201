import { LoginPage } from "../features/auth/login-page";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Staff Login",
    description: "Sign-in for agency staff.",
    noIndex: true,
  });

export default function Login() {
  return <LoginPage />;
}
