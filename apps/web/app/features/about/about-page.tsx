import { AGENCY, BOOKING_HOURS_DISPLAY, type FigureKind } from "@agency/domain";
import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { ButtonLink } from "../../components/button-link";
import {
  AboutBriefcaseIcon,
  AboutLayersIcon,
  AboutRefreshIcon,
  ArrowRightIcon,
  CheckIcon,
  LifebuoyIcon,
} from "../../components/icons/index";
import { PageHeading } from "../../components/page-heading";
import { Reveal } from "../../components/reveal";
import { type AboutTab, AboutTabs } from "./about-tabs";
import { ConsultationLink } from "./consultation-link";
import { TeamSection } from "./team-section";

const MISSION_SECTION_ID = "our-mission";

/**
 * A card of a grid of two (sm) or three (lg, six tracks of two) whose last row, when short,
 * is centered instead of ending with an empty cell (issue 26 §4): an odd last card spans
 * both columns at sm; at lg a row of two starts one track in.
 */
const CENTERED_LAST_ROW =
  "lg:col-span-2 sm:[&:last-child:nth-child(odd)]:col-span-2 lg:[&:nth-last-child(2):nth-child(3n+1)]:col-start-2";

const SOLUTIONS = [
  {
    title: "Personal insurance",
    text: "Auto, home, condo, renters, motorcycle, ATV and RV policies for you and your family.",
    to: "/our-products",
    icon: CheckIcon,
  },
  {
    title: "Business insurance",
    text: "Commercial property, general liability, commercial auto, workers compensation and cyber liability.",
    to: "/our-products#commercial-insurance",
    icon: AboutBriefcaseIcon,
  },
  {
    title: "Bundles",
    text: "Auto together with home, renters or condo coverage: one agent, one renewal date and a multi-policy discount.",
    to: "/our-products#home-insurance",
    icon: AboutLayersIcon,
  },
  {
    title: "Coverage reviews",
    text: "A yearly look at your limits and deductibles, and a fresh comparison when a renewal price goes up.",
    to: "/contact-us",
    icon: AboutRefreshIcon,
  },
  {
    title: "Claims help",
    text: "Guidance on what to report and when, and an agent who follows your claim with the carrier.",
    to: "/contact-us",
    icon: LifebuoyIcon,
  },
] as const;

/** A caption for each of the spec's marketing figures (AGENCY.stats), no new numbers. */
const STAT_CAPTIONS: Record<FigureKind, string> = {
  clients: `Drivers, families and businesses across ${AGENCY.stateName}`,
  businessRating: "Our business bureau rating",
  clientRating: "How our clients rate our service",
  commitment: "On your side, before and after a claim",
};

export function AboutPage() {
  const [tab, setTab] = useState<AboutTab>("story");
  useMissionHashSelectsTab(setTab);

  return (
    <>
      <PageHeading
        eyebrow="Who we are"
        title="About Us"
        actions={
          <>
            <ButtonLink to="/get-quote-today" variant="accent">
              Get a Free Quote
            </ButtonLink>
            <ButtonLink to="/about-us#our-team" variant="on-dark">
              Meet our team
            </ButtonLink>
          </>
        }
      >
        <p>
          {AGENCY.name} is an independent insurance agency licensed in {AGENCY.licensedInNames} and
          based in {AGENCY.address.city}. We compare coverage from several carriers so that families
          and businesses across the {AGENCY.region} area get the protection they need at a fair
          price.
        </p>
      </PageHeading>

      {AGENCY.stats.length > 0 && (
        <section aria-labelledby="about-stats-heading" className="border-b border-slate-200">
          <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
            <h2 id="about-stats-heading" className="sr-only">
              The agency in numbers
            </h2>
            {/* One column per figure on a wide screen; on a phone an odd last one spans the row. */}
            <dl className="grid grid-cols-2 gap-6 lg:auto-cols-fr lg:grid-flow-col lg:grid-cols-none">
              {AGENCY.stats.map((stat) => (
                <div
                  key={stat.kind}
                  className="flex flex-col text-center odd:last:col-span-2 lg:odd:last:col-span-1"
                >
                  <dt className="order-2 font-semibold text-navy-900">{stat.label}</dt>
                  <dd className="order-1 text-4xl font-bold text-brand-700">{stat.value}</dd>
                  <dd className="order-3 mt-1 text-sm text-slate-600">
                    {STAT_CAPTIONS[stat.kind]}
                  </dd>
                </div>
              ))}
            </dl>
          </div>
        </section>
      )}

      <section aria-labelledby="solutions-heading" className="py-14 sm:py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <div className="max-w-3xl">
            <h2
              id="solutions-heading"
              className="text-3xl font-bold tracking-tight text-navy-900 sm:text-4xl"
            >
              What we help with
            </h2>
            <p className="mt-4 text-lg text-slate-700">
              One local agency for the insurance you need at home, on the road and at work.
            </p>
          </div>
          <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-6">
            {SOLUTIONS.map((solution, index) => (
              <li key={solution.title} className={CENTERED_LAST_ROW}>
                <Reveal
                  staggerIndex={index % 3}
                  staggerStepMs={150}
                  className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
                >
                  <span className="flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                    <solution.icon className="size-6" />
                  </span>
                  <h3 className="mt-4 text-lg font-bold text-navy-900">{solution.title}</h3>
                  <p className="mt-2 mb-4 leading-relaxed text-slate-700">{solution.text}</p>
                  <Link
                    to={solution.to}
                    className="mt-auto inline-flex items-center gap-1.5 py-1 font-semibold text-brand-700 hover:text-brand-800 hover:underline"
                  >
                    Learn more<span className="sr-only"> about {solution.title.toLowerCase()}</span>
                    <ArrowRightIcon className="size-4" />
                  </Link>
                </Reveal>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section
        id={MISSION_SECTION_ID}
        aria-labelledby="our-mission-heading"
        className="bg-slate-50 py-14 sm:py-20"
      >
        <div className="mx-auto max-w-5xl px-4 text-center sm:px-6 lg:px-8">
          <h2
            id="our-mission-heading"
            className="text-3xl font-bold tracking-tight text-navy-900 sm:text-4xl"
          >
            Our story, mission and values
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-700">
            Why we work the way we do, and what you can expect from us.
          </p>
          <div className="mt-8">
            <AboutTabs selected={tab} onSelect={setTab} />
          </div>
        </div>
      </section>

      <TeamSection />

      <section aria-labelledby="about-cta-heading" className="bg-slate-50 py-14 sm:py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <h2
            id="about-cta-heading"
            className="text-center text-3xl font-bold tracking-tight text-navy-900 sm:text-4xl"
          >
            Ready when you are
          </h2>
          <div className="mt-10 grid gap-6 md:grid-cols-2">
            <Reveal
              staggerIndex={0}
              staggerStepMs={150}
              className="flex flex-col rounded-2xl bg-navy-900 p-8 text-white [&_:focus-visible]:outline-amber-300"
            >
              <h3 className="text-2xl font-bold">Get a free quote</h3>
              <p className="mt-3 mb-6 text-lg text-slate-200">
                Answer a few questions about your drivers and vehicles and see an estimated monthly
                premium in minutes. No obligation.
              </p>
              <ButtonLink to="/get-quote-today" variant="accent" className="mt-auto self-start">
                Get Free Quote
              </ButtonLink>
            </Reveal>
            <Reveal
              staggerIndex={1}
              staggerStepMs={150}
              className="flex flex-col rounded-2xl border border-slate-200 bg-white p-8 shadow-sm"
            >
              <h3 className="text-2xl font-bold text-navy-900">Talk it through with an agent</h3>
              <p className="mt-3 mb-6 text-lg text-slate-700">
                Book a free 30 to 45 minute consultation with a licensed agent, weekdays between{" "}
                {BOOKING_HOURS_DISPLAY.first} and {BOOKING_HOURS_DISPLAY.last}.
              </p>
              <ConsultationLink className="mt-auto self-start">
                Schedule Consultation
              </ConsultationLink>
            </Reveal>
          </div>
        </div>
      </section>
    </>
  );
}

/**
 * `/about-us#our-mission` (on arrival, or from the navigation menu while already on this
 * page) opens the mission tab. The scroll itself, 100 ms later with the 80 px offset, is
 * the site-wide anchor scrolling's (features/site/use-anchor-scrolling.ts), as for
 * `#our-team`.
 */
function useMissionHashSelectsTab(selectTab: (tab: AboutTab) => void) {
  const location = useLocation();
  useEffect(() => {
    if (location.hash === `#${MISSION_SECTION_ID}`) selectTab("mission");
  }, [location, selectTab]);
}
