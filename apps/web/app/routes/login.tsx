import { PageHeading } from "../components/page-heading";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Staff Login",
    description: "Sign-in for agency staff.",
    noIndex: true,
  });

export default function Login() {
  return (
    <PageHeading title="Staff Login">
      <p>
        This sign-in is for agency staff. Customers do not need an account to get a quote, send us a
        message or book an appointment.
      </p>
    </PageHeading>
  );
}
