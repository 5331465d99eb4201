import { ContentSection } from "../components/content-section";
import { PageHeading } from "../components/page-heading";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Terms of Service",
    description: "The terms that apply when you use this website and its quote tools.",
  });

export default function Terms() {
  return (
    <>
      <PageHeading title="Terms of Service">
        <p>
          By using this website you agree to these terms. Please read them together with our privacy
          policy.
        </p>
      </PageHeading>
      <ContentSection title="Quotes are estimates">
        <p>
          Prices shown on this site are estimates, not offers of insurance. Cover begins only when a
          carrier accepts your application and issues a policy.
        </p>
      </ContentSection>
    </>
  );
}
