import { AGENCY } from "@agency/domain";
import { ContactDetails, OfficeHours } from "../components/contact-details";
import { PageHeading } from "../components/page-heading";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/our-locations";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Our Location",
    description: "Visit our Minneapolis office: address, directions, phone, email and hours.",
  });

export default function OurLocations() {
  return (
    <>
      <PageHeading eyebrow="Visit us" title="Our Location">
        <p>
          Our office in {AGENCY.address.city} serves clients across the Minneapolis–St. Paul area.
          Stop by during office hours or call ahead to meet with an agent.
        </p>
      </PageHeading>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:px-6 md:grid-cols-2 lg:px-8 lg:py-16">
        <section
          aria-labelledby="office-heading"
          className="rounded-xl border border-slate-200 p-6 shadow-sm"
        >
          <h2 id="office-heading" className="text-xl font-bold text-navy-900">
            {AGENCY.address.city} office
          </h2>
          <div className="mt-5">
            <ContactDetails />
          </div>
          <a
            href={AGENCY.directionsUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-6 inline-flex rounded-md bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800"
          >
            Get directions
            <span className="sr-only"> (opens Google Maps in a new tab)</span>
          </a>
        </section>
        <section
          aria-labelledby="location-hours-heading"
          className="rounded-xl border border-slate-200 p-6 shadow-sm"
        >
          <h2 id="location-hours-heading" className="text-xl font-bold text-navy-900">
            Hours
          </h2>
          <div className="mt-5">
            <OfficeHours />
          </div>
        </section>
      </div>
    </>
  );
}
