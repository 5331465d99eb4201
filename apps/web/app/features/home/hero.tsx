import { AGENCY, type FigureKind } from "@agency/domain";
import { ButtonLink } from "../../components/button-link";
import { ContactDetails, OfficeHours } from "../../components/contact-details";
import { ArrowRightIcon, CalendarIcon, iconBefore } from "../../components/icons/index";
import { requestScrollOnArrival, SCROLL_TO_APPOINTMENT_FORM_KEY } from "../../lib/session-flags";
import { ActionRow } from "./action-row";

/** What the highlight cards say under each kind of the profile's headline figures. */
const STAT_CAPTIONS: Record<FigureKind, string> = {
  clients: "Households and businesses we insure",
  businessRating: "Business bureau rating",
  clientRating: "Average rating from our clients",
  commitment: "Independent advice, on your side",
};

const BENEFITS = [
  "Quotes from several carriers, compared side by side in one conversation",
  `Licensed ${AGENCY.stateName} agents who know no-fault PIP, hail claims and ice dams`,
  `Evening and weekend hours, by phone or at our ${AGENCY.address.city} office`,
  "Help from the first call after a claim until it is settled",
];

/**
 * Above the fold, so nothing here is wrapped in Reveal: it must paint at once.
 */
export function Hero() {
  return (
    <section
      aria-labelledby="home-hero-heading"
      className="bg-linear-to-br from-navy-950 via-navy-900 to-navy-800 text-white"
    >
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-12 lg:items-center lg:px-8 lg:py-24">
        <div className="lg:col-span-7">
          <p className="text-sm font-semibold tracking-widest text-amber-300 uppercase">
            Independent agency · Licensed in {AGENCY.licensedInNames}
          </p>
          <h1
            id="home-hero-heading"
            className="mt-3 text-4xl font-bold tracking-tight text-balance sm:text-6xl"
          >
            Your Safety Our Priority
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-pretty text-slate-200 sm:text-xl">
            {AGENCY.name} compares auto, home, renters and business insurance from several carriers,
            so families and businesses across {AGENCY.region} get the coverage they need at a fair
            price.
          </p>
          <ActionRow className="mt-8">
            <ButtonLink to="/get-quote-today" variant="accent">
              Get Free Quote
              <ArrowRightIcon className="size-4" />
            </ButtonLink>
            <ButtonLink
              to="/appointments"
              variant="on-dark"
              onClick={() => requestScrollOnArrival(SCROLL_TO_APPOINTMENT_FORM_KEY)}
            >
              <CalendarIcon className="size-4" />
              Book Appointment
            </ButtonLink>
          </ActionRow>
        </div>

        <aside
          aria-labelledby="home-contact-heading"
          className="rounded-2xl bg-white p-6 text-slate-800 shadow-2xl sm:p-8 lg:col-span-5"
        >
          <h2 id="home-contact-heading" className="text-xl font-bold text-navy-900">
            Talk to a licensed agent
          </h2>
          <p className="mt-2 text-slate-600">
            Questions about your coverage? Call, email or stop by the office.
          </p>
          <div className="mt-6 space-y-6">
            <ContactDetails />
            <OfficeHours />
          </div>
        </aside>

        {AGENCY.stats.length > 0 && (
          <ul
            aria-label="The agency in numbers"
            className="grid grid-cols-2 gap-3 sm:gap-4 lg:col-span-7 lg:self-stretch"
          >
            {AGENCY.stats.map((stat) => (
              <li
                key={stat.kind}
                className="flex flex-col justify-center rounded-xl bg-white/10 p-4 ring-1 ring-white/20 odd:last:col-span-2 sm:p-5"
              >
                <p className="text-3xl font-bold text-amber-300 sm:text-4xl">{stat.value}</p>
                <p className="mt-1 font-semibold text-white">{stat.label}</p>
                <p className="mt-1 text-sm text-slate-200">{STAT_CAPTIONS[stat.kind]}</p>
              </li>
            ))}
          </ul>
        )}

        <aside
          aria-labelledby="home-benefits-heading"
          className={`rounded-2xl bg-white/10 p-6 ring-1 ring-white/20 sm:p-8 ${AGENCY.stats.length > 0 ? "lg:col-span-5" : "lg:col-span-12"}`}
        >
          <h2 id="home-benefits-heading" className="text-xl font-bold text-white">
            Why local families choose us
          </h2>
          <ul className="mt-5 space-y-3">
            {BENEFITS.map((benefit) => (
              <li
                key={benefit}
                className={`flex gap-3 text-slate-100 ${iconBefore("home-check-circle")} before:mt-0.5 before:size-5 before:bg-amber-300`}
              >
                <span>{benefit}</span>
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </section>
  );
}
