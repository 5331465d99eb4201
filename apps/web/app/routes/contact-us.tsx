import { ContactDetails, OfficeHours } from "../components/contact-details";
import { PageHeading } from "../components/page-heading";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/contact-us";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Contact Us",
    description:
      "Call, email or visit our Minneapolis office. We reply to every message within 24 hours.",
  });

export default function ContactUs() {
  return (
    <>
      <PageHeading eyebrow="Get in touch" title="Contact Us">
        <p>
          Have a question about a policy, a claim or a quote? Call or email us and a licensed agent
          will get back to you within 24 hours.
        </p>
      </PageHeading>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:px-6 md:grid-cols-2 lg:px-8 lg:py-16">
        <section
          aria-labelledby="contact-details-heading"
          className="rounded-xl border border-slate-200 p-6 shadow-sm"
        >
          <h2 id="contact-details-heading" className="text-xl font-bold text-navy-900">
            Contact details
          </h2>
          <div className="mt-5">
            <ContactDetails showFax />
          </div>
        </section>
        <section
          aria-labelledby="contact-hours-heading"
          className="rounded-xl border border-slate-200 p-6 shadow-sm"
        >
          <h2 id="contact-hours-heading" className="text-xl font-bold text-navy-900">
            Office hours
          </h2>
          <div className="mt-5">
            <OfficeHours />
          </div>
        </section>
      </div>
    </>
  );
}
