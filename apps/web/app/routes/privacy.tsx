import { AGENCY } from "@agency/domain";
import { ContentSection } from "../components/content-section";
import { PageHeading } from "../components/page-heading";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Privacy Policy",
    description: "How we collect, use and protect the personal information you share with us.",
  });

export default function Privacy() {
  return (
    <>
      <PageHeading title="Privacy Policy">
        <p>
          We collect the information you give us in quote requests, contact messages and appointment
          bookings, and use it only to answer you and to arrange your insurance.
        </p>
      </PageHeading>
      <ContentSection title="Your information">
        <p>
          We do not sell your personal information. To ask what we hold about you or to have it
          corrected or deleted, email{" "}
          <a href={AGENCY.emailHref} className="font-medium text-brand-700 underline">
            {AGENCY.email}
          </a>
          .
        </p>
      </ContentSection>
    </>
  );
}
