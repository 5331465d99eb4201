import { AGENCY } from "@agency/domain";
import { ButtonLink } from "../components/button-link";
import { ContentSection } from "../components/content-section";
import { PageHeading } from "../components/page-heading";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/about-us";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "About Us",
    description:
      "Meet the licensed agents of an independent insurance agency serving Minneapolis–St. Paul, and the mission behind the way we work.",
  });

export default function AboutUs() {
  return (
    <>
      <PageHeading eyebrow="Who we are" title="About Us">
        <p>
          {AGENCY.name} is an independent insurance agency licensed in Minnesota. Because we are not
          tied to one insurer, we compare options from several carriers and recommend the cover that
          fits you.
        </p>
      </PageHeading>
      <ContentSection id="our-team" title="Our Team">
        <p>
          Our licensed agents help with auto, home and property, business, liability and group
          benefits insurance, and they stay with you after the policy is issued: for renewals,
          changes and claims.
        </p>
        <div className="flex flex-wrap gap-3 pt-2">
          <ButtonLink to="/appointments">Book Consultation</ButtonLink>
          <ButtonLink to="/get-quote-today" variant="secondary">
            Get a Free Quote
          </ButtonLink>
        </div>
      </ContentSection>
      <ContentSection id="our-mission" title="Our Mission" className="bg-slate-50">
        <p>
          We explain your options in plain language, put your interests ahead of any one carrier's,
          and answer quickly when you need us, so families and businesses in the Twin Cities can
          insure what matters with confidence.
        </p>
      </ContentSection>
    </>
  );
}
