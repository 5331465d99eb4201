import { AGENCY } from "@agency/domain";
import { ButtonLink } from "../components/button-link";
import { ContactDetails, OfficeHours } from "../components/contact-details";
import { ArrowRightIcon, CalendarIcon } from "../components/icons";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => [
  { title: `${AGENCY.name} | Independent Insurance Agency in Minneapolis–St. Paul` },
  {
    name: "description",
    content:
      "Independent insurance agency in Minneapolis–St. Paul: auto, home, renters and business insurance compared across several carriers. Get a free quote or book an appointment.",
  },
];

export default function Home() {
  return (
    <section className="bg-linear-to-br from-navy-950 via-navy-900 to-navy-800 text-white">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-12 lg:items-center lg:px-8 lg:py-24">
        <div className="lg:col-span-7">
          <p className="text-sm font-semibold tracking-widest text-amber-300 uppercase">
            Independent agency · Licensed in Minnesota
          </p>
          <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance sm:text-6xl">
            Your Safety Our Priority
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-pretty text-slate-200 sm:text-xl">
            {AGENCY.name} compares auto, home, renters and business insurance from several carriers,
            so families and businesses across Minneapolis–St. Paul get the cover they need at a fair
            price.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink to="/get-quote-today" variant="accent">
              Get Free Quote
              <ArrowRightIcon className="size-4" />
            </ButtonLink>
            <ButtonLink to="/appointments" variant="on-dark">
              <CalendarIcon className="size-4" />
              Book Appointment
            </ButtonLink>
          </div>
        </div>

        <aside
          aria-labelledby="home-contact-heading"
          className="rounded-2xl bg-white p-6 text-slate-800 shadow-2xl sm:p-8 lg:col-span-5"
        >
          <h2 id="home-contact-heading" className="text-xl font-bold text-navy-900">
            Talk to a licensed agent
          </h2>
          <p className="mt-2 text-slate-600">
            Questions about your cover? Call, email or stop by the office.
          </p>
          <div className="mt-6 space-y-6">
            <ContactDetails />
            <OfficeHours />
          </div>
        </aside>
      </div>
    </section>
  );
}
