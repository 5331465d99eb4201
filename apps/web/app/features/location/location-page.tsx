import { AGENCY } from "@agency/domain";
import { ContactDetails, OfficeHours } from "../../components/contact-details";
import { ShieldCheckIcon } from "../../components/icons/index";
import { MapEmbed } from "../../components/map-embed";
import { PageHeading } from "../../components/page-heading";
import { Reveal } from "../../components/reveal";
import { AppointmentLink } from "./appointment-link";
import { DirectionsLink } from "./directions-link";

export function LocationPage() {
  return (
    <>
      <PageHeading eyebrow="Visit us" title="Our Location">
        <p>
          One office in {AGENCY.address.city}, serving clients across the {AGENCY.region} area and
          the rest of {AGENCY.stateName}. Walk in during office hours, or book a time with an agent.
        </p>
      </PageHeading>

      <section aria-labelledby="office-heading" className="py-12 sm:py-16">
        <div className="mx-auto grid max-w-7xl gap-8 px-4 sm:px-6 lg:grid-cols-5 lg:px-8">
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:col-span-2">
            <h2 id="office-heading" className="text-2xl font-bold text-navy-900">
              {AGENCY.office.name}
            </h2>
            <p className="mt-3 leading-relaxed text-slate-700">{AGENCY.office.description}</p>
            <div className="mt-6">
              <ContactDetails />
            </div>
            <div className="mt-6 flex flex-wrap gap-3">
              <DirectionsLink />
              <AppointmentLink variant="secondary">Book an Appointment</AppointmentLink>
            </div>
          </div>
          <div className="flex flex-col gap-6 lg:col-span-3">
            <MapEmbed />
            <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <h3 className="text-lg font-bold text-navy-900">Office hours</h3>
              <div className="mt-4">
                <OfficeHours />
              </div>
            </div>
          </div>
        </div>
      </section>

      <section aria-labelledby="office-details-heading" className="bg-slate-50 py-12 sm:py-16">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <h2
            id="office-details-heading"
            className="text-2xl font-bold tracking-tight text-navy-900 sm:text-3xl"
          >
            What to expect when you visit
          </h2>
          <div className="mt-8 grid gap-6 md:grid-cols-2">
            <OfficeList title="Office features" items={AGENCY.office.features} index={0} />
            <OfficeList title="Our specialties" items={AGENCY.office.specialties} index={1} />
          </div>
        </div>
      </section>
    </>
  );
}

function OfficeList({
  title,
  items,
  index,
}: {
  title: string;
  items: readonly string[];
  index: number;
}) {
  return (
    <Reveal
      staggerIndex={index}
      staggerStepMs={150}
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <h3 className="text-xl font-bold text-navy-900">{title}</h3>
      <ul className="mt-5 space-y-3">
        {items.map((item) => (
          <li key={item} className="flex gap-3 text-slate-700">
            <ShieldCheckIcon className="mt-0.5 size-5 shrink-0 text-brand-700" />
            {item}
          </li>
        ))}
      </ul>
    </Reveal>
  );
}
