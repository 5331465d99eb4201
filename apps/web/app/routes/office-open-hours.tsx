import { ContactDetails, OfficeHours } from "../components/contact-details";
import { ContentSection } from "../components/content-section";
import { PageHeading } from "../components/page-heading";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/office-open-hours";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Office Hours",
    description: "When our Minneapolis office is open, and how to reach a licensed agent.",
  });

export default function OfficeOpenHours() {
  return (
    <>
      <PageHeading eyebrow="When to reach us" title="Office Hours">
        <p>
          Our agents are in the office seven days a week. Hours are Central Time and may vary on
          holidays.
        </p>
      </PageHeading>
      <ContentSection id="hours" title="Hours">
        <OfficeHours />
      </ContentSection>
      <ContentSection id="contact" title="Contact" className="bg-slate-50">
        <ContactDetails />
      </ContentSection>
    </>
  );
}
