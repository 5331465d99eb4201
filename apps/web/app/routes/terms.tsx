import { TermsOfUse } from "../features/legal/terms-of-use";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Terms of Service",
    description:
      "The terms for using this website and its quote tool: estimates are not offers, and no coverage is bound online.",
  });

export default function Terms() {
  return <TermsOfUse />;
}
