import { AGENCY } from "@agency/domain";
import { ContentSection } from "../components/content-section";
import { PageHeading } from "../components/page-heading";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/accessibility";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Accessibility Statement",
    description: "Our commitment to a website everyone can use, and how to report a barrier.",
  });

export default function Accessibility() {
  return (
    <>
      <PageHeading title="Accessibility Statement">
        <p>
          We want everyone to be able to use this website, whatever device or assistive technology
          they use, and we aim to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level
          AA.
        </p>
      </PageHeading>
      <ContentSection title="Report a barrier">
        <p>
          If something on this site is hard to use, call us at{" "}
          <a href={AGENCY.phoneHref} className="font-medium text-brand-700 underline">
            {AGENCY.phone}
          </a>{" "}
          or email{" "}
          <a href={AGENCY.emailHref} className="font-medium text-brand-700 underline">
            {AGENCY.email}
          </a>
          . We respond within 5 business days.
        </p>
      </ContentSection>
    </>
  );
}
