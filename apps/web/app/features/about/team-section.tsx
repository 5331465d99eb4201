import { AGENCY } from "@agency/domain";
import {
  AboutCompassIcon,
  AboutRefreshIcon,
  BadgeIcon,
  ChatIcon,
  CheckIcon,
  PhoneIcon,
} from "../../components/icons/index";
import { Reveal } from "../../components/reveal";
import { ConsultationLink } from "./consultation-link";
import { TeamPeople } from "./team-people";

const AGENT_FEATURES = [
  {
    title: `Licensed in ${AGENCY.licensedInNames}`,
    text: `Every agent who quotes or services your policy holds a producer license in ${AGENCY.licensedInNames} and keeps it current with continuing education.`,
    icon: BadgeIcon,
  },
  {
    title: "Independent advice",
    text: "We are paid to find you the right carrier, not to sell one company's products, so we can recommend whichever fits you best.",
    icon: AboutCompassIcon,
  },
  {
    title: "Plain-language answers",
    text: "We walk you through deductibles, limits and exclusions before you buy, so there are no surprises when you file a claim.",
    icon: ChatIcon,
  },
  {
    title: "With you after the sale",
    text: `Renewals, changes, certificates of insurance and claims all go through the same local team in our ${AGENCY.address.city} office.`,
    icon: AboutRefreshIcon,
  },
] as const;

const EXPERTISE_AREAS = [
  "Auto insurance",
  "Home and property",
  "Business insurance",
  "Liability",
  "Group benefits",
] as const;

/** The team: the profile's people, then what every licensed agent of ours does. */
export function TeamSection() {
  return (
    <section id="our-team" aria-labelledby="our-team-heading" className="py-14 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="max-w-3xl">
          <p className="text-sm font-semibold tracking-widest text-brand-700 uppercase">Our team</p>
          <h2
            id="our-team-heading"
            className="mt-2 text-3xl font-bold tracking-tight text-navy-900 sm:text-4xl"
          >
            Licensed agents based in {AGENCY.address.city}
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-slate-700">
            Our team works from our office in {AGENCY.address.city} and serves clients across{" "}
            {AGENCY.stateName}. When you call, email or book a consultation, you reach a licensed
            agent who knows the carriers we work with and the risks our neighbors face, from black
            ice on the interstate to spring hail and deer on rural highways.
          </p>
        </div>

        <TeamPeople />

        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {AGENT_FEATURES.map((feature, index) => (
            <li key={feature.title}>
              <Reveal
                staggerIndex={index}
                staggerStepMs={150}
                className="h-full rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
              >
                <span className="flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                  <feature.icon className="size-6" />
                </span>
                <h3 className="mt-4 text-lg font-bold text-navy-900">{feature.title}</h3>
                <p className="mt-2 leading-relaxed text-slate-700">{feature.text}</p>
              </Reveal>
            </li>
          ))}
        </ul>

        <Reveal className="mt-10 grid gap-8 rounded-2xl bg-brand-50 p-6 sm:p-10 lg:grid-cols-[1fr_auto] lg:items-center">
          <div>
            <h3 className="text-xl font-bold text-navy-900">Areas of expertise</h3>
            <ul className="mt-4 flex flex-wrap gap-2">
              {EXPERTISE_AREAS.map((area) => (
                <li
                  key={area}
                  className="flex items-center gap-1.5 rounded-full bg-white px-4 py-2 text-sm font-semibold text-navy-900 ring-1 ring-brand-200"
                >
                  <CheckIcon className="size-4 text-emerald-700" />
                  {area}
                </li>
              ))}
            </ul>
          </div>
          <div className="flex flex-col gap-3 sm:flex-row lg:flex-col">
            <ConsultationLink>Book Consultation</ConsultationLink>
            <a
              href={AGENCY.phoneHref}
              className="inline-flex items-center justify-center gap-2 rounded-md bg-white px-5 py-3 font-semibold text-navy-900 ring-1 ring-slate-300 ring-inset hover:bg-slate-50"
            >
              <PhoneIcon className="size-5 text-brand-700" />
              <span className="sr-only">Call </span>
              {AGENCY.phone}
            </a>
          </div>
        </Reveal>
      </div>
    </section>
  );
}
