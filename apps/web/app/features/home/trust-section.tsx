import { AGENCY } from "@agency/domain";
import {
  BadgeCheckIcon,
  HomeAwardIcon,
  HomeLayersIcon,
  HomeLockIcon,
  type IconComponent,
  ShieldCheckIcon,
  StarIcon,
} from "../../components/icons/index";
import { Reveal } from "../../components/reveal";
import { withoutMissing } from "../../lib/without-missing";
import { CarrierLogos, ClientReviews } from "../agency/index";

interface TrustBadge {
  icon: IconComponent;
  title: string;
  text: string;
}

const { businessRating, clientRating, clients } = AGENCY.figures;

/** The spec's four badges; a figure the profile leaves out is not claimed. */
const BADGES: TrustBadge[] = withoutMissing([
  businessRating && {
    icon: HomeAwardIcon,
    title: `${businessRating.value} Rated`,
    text: `Rated ${businessRating.value} by the business bureau`,
  },
  {
    icon: BadgeCheckIcon,
    title: "Trusted",
    text: clients
      ? `Chosen by ${clients.value} clients`
      : `Chosen by families and businesses across ${AGENCY.address.city}`,
  },
  {
    icon: StarIcon,
    title: "Excellent Customer Service",
    text: clientRating
      ? `${clientRating.value} rating from our clients`
      : "A licensed agent answers when you call",
  },
  { icon: HomeLayersIcon, title: "Independent", text: "Quotes from multiple carriers" },
]);

const CERTIFICATIONS: TrustBadge[] = [
  {
    icon: ShieldCheckIcon,
    title: "Licensed & Insured",
    text:
      AGENCY.licensedIn.length === 1
        ? `Licensed by the State of ${AGENCY.licensedInNames} and fully insured`
        : `Licensed in ${AGENCY.licensedInNames} and fully insured`,
  },
  {
    icon: HomeLockIcon,
    title: "Secure & Private",
    text: "Your details travel encrypted and are never sold",
  },
  {
    icon: BadgeCheckIcon,
    title: "Independent Agency",
    text: "We work for you, not for one insurance company",
  },
];

export function TrustSection() {
  return (
    <section aria-labelledby="home-trust-heading" className="border-b border-slate-200 bg-white">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
        <Reveal>
          <h2
            id="home-trust-heading"
            className="text-center text-2xl font-bold tracking-tight text-balance text-navy-900 sm:text-3xl"
          >
            {`Trusted across ${AGENCY.region}`}
          </h2>
        </Reveal>
        <ul className="mt-10 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:auto-cols-fr lg:grid-flow-col lg:grid-cols-none">
          {BADGES.map(({ icon: Icon, title, text }, index) => (
            <Reveal
              as="li"
              key={title}
              staggerIndex={index}
              staggerStepMs={100}
              className="flex items-center gap-4 rounded-xl border border-slate-200 bg-slate-50 p-5 sm:odd:last:col-span-2 lg:odd:last:col-span-1"
            >
              <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white">
                <Icon className="size-6" />
              </span>
              <span>
                <span className="block font-bold text-navy-900">{title}</span>
                <span className="block text-sm text-slate-600">{text}</span>
              </span>
            </Reveal>
          ))}
        </ul>
        <Reveal
          as="ul"
          aria-label="Certifications"
          className="mt-8 grid gap-4 border-t border-slate-200 pt-8 md:grid-cols-3"
        >
          {CERTIFICATIONS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex items-start gap-3">
              <Icon className="mt-0.5 size-6 shrink-0 text-emerald-700" />
              <span>
                <span className="block font-semibold text-navy-900">{title}</span>
                <span className="block text-sm text-slate-600">{text}</span>
              </span>
            </li>
          ))}
        </Reveal>
        <CarrierLogos
          headingId="home-carriers-heading"
          className="mt-10 border-t border-slate-200 pt-10"
        />
        <ClientReviews headingId="home-reviews-heading" className="mt-12" />
      </div>
    </section>
  );
}
