// First: the domain's schemas are built when this page loads; zod must be in its CSP-safe
// mode before that.
import { AGENCY, BOOKING_HOURS_DISPLAY } from "@agency/domain";
import type { ReactNode } from "react";
import {
  CalendarIcon,
  ClockIcon,
  MapPinIcon,
  PhoneIcon,
  ShieldCheckIcon,
  UserIcon,
} from "../../components/icons/index";
import { PageHeading } from "../../components/page-heading";
import { AppointmentForm } from "./appointment-form";

const SECTION_TITLE = "Schedule Your Appointment";
/** The page's own heading: the section keeps the spec's title, so the two are not the same. */
const PAGE_TITLE = "Book a Free Consultation";

const BENEFITS = [
  {
    title: "Free, no obligation",
    text: "The consultation costs nothing, and you decide afterwards whether to change anything.",
    icon: ShieldCheckIcon,
  },
  {
    title: "A licensed local agent",
    text: `Meet an agent licensed in ${AGENCY.licensedInNames} from our ${AGENCY.address.city} office, in person or by phone.`,
    icon: UserIcon,
  },
  {
    title: "Several carriers, one meeting",
    text: "As an independent agency we compare coverage and prices from multiple carriers for you.",
    icon: CalendarIcon,
  },
  {
    title: "30 to 45 minutes",
    text: "Enough time to review your auto, home, renters or business coverage and answer questions.",
    icon: ClockIcon,
  },
] as const;

/** "9:00 AM" and "5:00 PM": the first and last slot, written as people write times. */
const { first: firstSlot, last: lastSlot } = BOOKING_HOURS_DISPLAY;

/**
 * The booking page, as the spec lays it out: hero, benefits, the form in
 * "Schedule Your Appointment" beside the office's address and phone with Call Now.
 */
export function AppointmentPage({ formId }: { formId: string }) {
  return (
    <>
      <PageHeading
        eyebrow="Appointments"
        title={PAGE_TITLE}
        actions={
          <>
            <a
              href={`#${formId}`}
              className="inline-flex min-h-12 items-center justify-center rounded-md bg-amber-300 px-5 py-3 font-semibold text-navy-950 shadow-sm hover:bg-amber-200"
            >
              Choose a time
            </a>
            <a
              href={AGENCY.phoneHref}
              className="inline-flex min-h-12 items-center justify-center gap-2 rounded-md bg-white/10 px-5 py-3 font-semibold text-white ring-1 ring-white/60 ring-inset hover:bg-white/20"
            >
              <PhoneIcon />
              {AGENCY.phone}
            </a>
          </>
        }
      >
        <p>
          Meet a licensed agent for a free 30 to 45 minute consultation about your auto, home,
          renters or business insurance. Appointments are available Monday to Friday between{" "}
          {firstSlot} and {lastSlot}.
        </p>
      </PageHeading>

      <section aria-labelledby="appointment-benefits-heading" className="py-12 sm:py-16">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <h2
            id="appointment-benefits-heading"
            className="text-2xl font-bold tracking-tight text-navy-900 sm:text-3xl"
          >
            Why book a consultation
          </h2>
          <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {BENEFITS.map((benefit) => (
              <li
                key={benefit.title}
                className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
              >
                <span className="flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                  <benefit.icon className="size-6" />
                </span>
                <h3 className="mt-4 text-lg font-bold text-navy-900">{benefit.title}</h3>
                <p className="mt-2 leading-relaxed text-slate-700">{benefit.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="appointment-form-heading" className="bg-slate-50 py-12 sm:py-16">
        <div className="mx-auto grid max-w-7xl gap-8 px-4 sm:px-6 lg:grid-cols-3 lg:px-8">
          <AppointmentForm
            id={formId}
            headingId="appointment-form-heading"
            title={SECTION_TITLE}
            className="lg:col-span-2"
          />
          <OfficeCard />
        </div>
      </section>
    </>
  );
}

function OfficeCard() {
  return (
    <aside
      aria-labelledby="appointment-office-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:sticky lg:top-28 lg:self-start"
    >
      <h2 id="appointment-office-heading" className="text-xl font-bold text-navy-900">
        Our office
      </h2>
      <dl className="mt-5 space-y-4">
        <OfficeRow icon={<MapPinIcon />} label="Address">
          <address className="not-italic">
            {AGENCY.name}
            <br />
            {AGENCY.address.street}
            <br />
            {AGENCY.address.city}, {AGENCY.address.state} {AGENCY.address.zip}
          </address>
        </OfficeRow>
        <OfficeRow icon={<PhoneIcon />} label="Phone">
          <a
            href={AGENCY.phoneHref}
            className="font-medium text-brand-700 underline-offset-4 hover:underline"
          >
            {AGENCY.phone}
          </a>
        </OfficeRow>
        <OfficeRow icon={<ClockIcon />} label="Appointments">
          Monday to Friday, {firstSlot} to {lastSlot} (Central Time)
        </OfficeRow>
      </dl>
      <p className="mt-5 text-sm text-slate-700">
        Prefer to talk now? Call us during office hours and an agent will help you straight away.
      </p>
      <a
        href={AGENCY.phoneHref}
        className="mt-4 inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-md bg-brand-700 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-800"
      >
        <PhoneIcon />
        Call Now
        <span className="sr-only"> {AGENCY.phone}</span>
      </a>
    </aside>
  );
}

function OfficeRow({
  icon,
  label,
  children,
}: {
  icon: ReactNode;
  label: string;
  children: ReactNode;
}) {
  // dt and dd are direct children of the div, so the icon sits inside the dt.
  return (
    <div className="relative pl-8">
      <dt className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
        <span className="absolute top-0.5 left-0 text-brand-700">{icon}</span>
        {label}
      </dt>
      <dd className="text-slate-800">{children}</dd>
    </div>
  );
}
