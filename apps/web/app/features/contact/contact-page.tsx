// First: the page brings in the domain's schemas (the contact form); zod must be in its
// CSP-safe mode before they are built.
import { AGENCY, BOOKING_HOURS_DISPLAY } from "@agency/domain";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { OfficeHours } from "../../components/contact-details";
import {
  BoltIcon,
  ContactTagIcon,
  HeartIcon,
  MailIcon,
  MapIcon,
  MapPinIcon,
  PhoneIcon,
  PrinterIcon,
} from "../../components/icons/index";
import { MapEmbed } from "../../components/map-embed";
import { PageHeading } from "../../components/page-heading";
import { Reveal } from "../../components/reveal";
import { ContactForm } from "./contact-form";
import { CONTACT_FORM_ID, useScrollToContactForm } from "./use-scroll-to-contact-form";

const linkClass =
  "font-semibold text-brand-700 underline-offset-4 hover:text-brand-800 hover:underline";

const WHY_CHOOSE_US = [
  {
    title: "Competitive Rates",
    text: "We quote several carriers for you and show you the differences, so you are not overpaying for the coverage you need.",
    icon: ContactTagIcon,
  },
  {
    title: "Customer First",
    text: AGENCY.figures.clientRating
      ? `A ${AGENCY.figures.clientRating.value} client rating, earned by giving honest advice even when it means a smaller policy.`
      : "Honest advice, even when it means a smaller policy.",
    icon: HeartIcon,
  },
  {
    title: "Responsive Service",
    text: "Every message gets a reply within 24 hours, and during office hours a licensed agent answers the phone.",
    icon: BoltIcon,
  },
  {
    title: "Local Expertise",
    text: `We know ${AGENCY.stateName}'s auto insurance rules, its hail and ice-dam seasons, and what local businesses need.`,
    icon: MapIcon,
  },
] as const;

export function ContactPage() {
  useScrollToContactForm();

  return (
    <>
      <PageHeading eyebrow="Get in touch" title="Contact Us">
        <p>
          Questions about a policy, a claim or a quote? Call, email or visit our{" "}
          {AGENCY.address.city} office. A licensed agent will get back to you within 24 hours.
        </p>
      </PageHeading>

      <section aria-labelledby="contact-options-heading" className="py-12 sm:py-16">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <h2
            id="contact-options-heading"
            className="text-2xl font-bold tracking-tight text-navy-900 sm:text-3xl"
          >
            Ways to reach us
          </h2>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            <ContactCard title="Phone" icon={<PhoneIcon className="size-6" />}>
              <a href={AGENCY.phoneHref} className={`${linkClass} text-lg`}>
                <span className="sr-only">Call </span>
                {AGENCY.phone}
              </a>
              <p className="mt-2 text-sm text-slate-600">{AGENCY.phoneHoursDisplay.join("; ")}</p>
            </ContactCard>
            <ContactCard title="Email" icon={<MailIcon className="size-6" />}>
              <a
                href={AGENCY.emailHref}
                className={`${linkClass} text-sm [overflow-wrap:anywhere]`}
              >
                {AGENCY.email}
              </a>
              <p className="mt-2 text-sm text-slate-600">We reply within 24 hours.</p>
            </ContactCard>
            <ContactCard title="Fax" icon={<PrinterIcon className="size-6" />}>
              <p className="text-lg font-semibold text-navy-900">{AGENCY.fax}</p>
              <p className="mt-2 text-sm text-slate-600">For signed forms and documents.</p>
            </ContactCard>
            <ContactCard title="Office" icon={<MapPinIcon className="size-6" />}>
              <address className="text-slate-800 not-italic">
                {AGENCY.address.street}
                <br />
                {AGENCY.address.city}, {AGENCY.address.state} {AGENCY.address.zip}
              </address>
              <a
                href={AGENCY.directionsUrl}
                target="_blank"
                rel="noopener noreferrer"
                className={`${linkClass} mt-2 inline-block py-1 underline`}
              >
                Get directions
                <span className="sr-only"> (opens Google Maps in a new tab)</span>
              </a>
            </ContactCard>
          </ul>
        </div>
      </section>

      <section aria-labelledby="message-heading" className="bg-slate-50 py-12 sm:py-16">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <h2
            id="message-heading"
            className="text-2xl font-bold tracking-tight text-navy-900 sm:text-3xl"
          >
            Send us a message
          </h2>
          <p className="mt-3 max-w-3xl text-lg text-slate-700">
            Tell us what you would like to insure or what you need help with, and the best way to
            reach you. For a claim in progress, please have your policy number ready.
          </p>
        </div>
        {/* The form and the column beside it start on one line (issue 26 §4). */}
        <div className="mx-auto mt-6 grid max-w-7xl gap-8 px-4 sm:px-6 lg:grid-cols-5 lg:px-8">
          <div className="lg:col-span-3">
            <ContactForm id={CONTACT_FORM_ID} labelledBy="message-heading" />
          </div>
          {/* Beside the form, its column holds the hours and the way to book, and stays in
              view while the form scrolls: no empty column beside it (issue 26 §4). */}
          <div className="flex flex-col gap-6 lg:sticky lg:top-28 lg:col-span-2 lg:self-start">
            <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
              <h2 className="text-xl font-bold text-navy-900">Office hours</h2>
              <div className="mt-5">
                <OfficeHours />
              </div>
              <p className="mt-5 text-sm text-slate-700">
                Consultations by appointment, Monday to Friday from {BOOKING_HOURS_DISPLAY.first} to{" "}
                {BOOKING_HOURS_DISPLAY.last}.
              </p>
            </div>
            <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
              <h2 className="text-xl font-bold text-navy-900">Rather talk it through?</h2>
              <p className="mt-3 text-slate-700">Book a free consultation with a licensed agent.</p>
              <Link
                to="/appointments"
                className="mt-5 inline-flex min-h-11 items-center justify-center rounded-md bg-brand-700 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-800"
              >
                Book a consultation
              </Link>
            </div>
          </div>
        </div>
      </section>

      <section aria-labelledby="map-heading" className="py-12 sm:py-16">
        <div className="mx-auto grid max-w-7xl gap-8 px-4 sm:px-6 lg:grid-cols-3 lg:items-center lg:px-8">
          <div>
            <h2
              id="map-heading"
              className="text-2xl font-bold tracking-tight text-navy-900 sm:text-3xl"
            >
              Find our office
            </h2>
            <p className="mt-3 text-lg text-slate-700">
              Our office is at {AGENCY.address.singleLine}. Walk-ins are welcome during office
              hours.
            </p>
            <a
              href={AGENCY.directionsUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-6 inline-flex items-center justify-center rounded-md bg-brand-700 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-800"
            >
              Get Directions
              <span className="sr-only"> to our office (opens Google Maps in a new tab)</span>
            </a>
          </div>
          <Reveal className="lg:col-span-2">
            <MapEmbed />
          </Reveal>
        </div>
      </section>

      <section aria-labelledby="contact-why-heading" className="bg-slate-50 py-12 sm:py-16">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <h2
            id="contact-why-heading"
            className="text-2xl font-bold tracking-tight text-navy-900 sm:text-3xl"
          >
            Why choose us
          </h2>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {WHY_CHOOSE_US.map((item, index) => (
              <li key={item.title}>
                <Reveal
                  staggerIndex={index}
                  staggerStepMs={150}
                  className="h-full rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
                >
                  <span className="flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                    <item.icon className="size-6" />
                  </span>
                  <h3 className="mt-4 text-lg font-bold text-navy-900">{item.title}</h3>
                  <p className="mt-2 leading-relaxed text-slate-700">{item.text}</p>
                </Reveal>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}

function ContactCard({
  title,
  icon,
  children,
}: {
  title: string;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 lg:p-5">
      <span className="flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
        {icon}
      </span>
      <h3 className="mt-4 text-sm font-semibold tracking-wide text-slate-600 uppercase">{title}</h3>
      <div className="mt-1">{children}</div>
    </li>
  );
}
