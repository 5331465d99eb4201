import { AGENCY } from "@agency/domain";
import { ButtonLink } from "../../components/button-link";
import {
  ArrowRightIcon,
  HomeAwardIcon,
  HomeLayersIcon,
  HomeUsersIcon,
  type IconComponent,
  PhoneIcon,
  ShieldCheckIcon,
  StarIcon,
  ZapIcon,
} from "../../components/icons/index";
import { Reveal } from "../../components/reveal";
import { withoutMissing } from "../../lib/without-missing";
import { ActionRow } from "./action-row";

const POINTS: Array<{ icon: IconComponent; title: string; text: string }> = [
  {
    icon: ZapIcon,
    title: "Quick & Easy",
    text: "An auto estimate online in minutes, or a call with an agent who does the legwork.",
  },
  {
    icon: HomeLayersIcon,
    title: "Multiple Options",
    text: "Quotes from several carriers, so you choose the price and coverage that fit.",
  },
  {
    icon: ShieldCheckIcon,
    title: "Full Coverage",
    text: "Car, home, cabin, boat and business, all reviewed together for gaps.",
  },
];

const { businessRating, clientRating, clients } = AGENCY.figures;

/** The trust badges under the calls; a figure the profile leaves out is not claimed. */
const BADGES: Array<{ icon: IconComponent; label: string }> = withoutMissing([
  businessRating && { icon: HomeAwardIcon, label: `${businessRating.value} Rated` },
  clientRating && { icon: StarIcon, label: `${clientRating.value} Client Rating` },
  { icon: ShieldCheckIcon, label: "Licensed & Insured" },
  clients && { icon: HomeUsersIcon, label: `${clients.value} Clients` },
]);

export function ClosingCallToAction() {
  return (
    <section
      aria-labelledby="closing-cta-heading"
      className="bg-linear-to-br from-brand-800 via-navy-900 to-navy-950 text-white"
    >
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-24 lg:px-8">
        <Reveal className="mx-auto max-w-3xl text-center">
          <h2
            id="closing-cta-heading"
            className="text-3xl font-bold tracking-tight text-balance sm:text-4xl"
          >
            Ready to Protect What Matters Most?
          </h2>
          <p className="mt-4 text-lg text-pretty text-slate-200">
            Get a free, no-obligation quote today, or talk it through with a licensed agent in our
            {` ${AGENCY.address.city}`} office.
          </p>
        </Reveal>

        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {POINTS.map(({ icon: Icon, title, text }, index) => (
            <Reveal
              as="li"
              key={title}
              staggerIndex={index}
              staggerStepMs={150}
              className="rounded-2xl bg-white/10 p-6 text-center ring-1 ring-white/20"
            >
              <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-amber-300 text-navy-950">
                <Icon className="size-6" />
              </span>
              <h3 className="mt-4 text-lg font-bold">{title}</h3>
              <p className="mt-2 text-slate-200">{text}</p>
            </Reveal>
          ))}
        </ul>

        <Reveal className="mt-12 flex flex-col items-center gap-8">
          <ActionRow isCentered>
            <ButtonLink to="/get-quote-today" variant="accent">
              Start Your Free Quote
              <ArrowRightIcon className="size-4" />
            </ButtonLink>
            <a
              href={AGENCY.phoneHref}
              className="inline-flex items-center justify-center gap-2 rounded-md bg-white/10 px-5 py-3 text-base font-semibold text-white ring-1 ring-white/60 ring-inset hover:bg-white/20"
            >
              <PhoneIcon className="size-4" />
              Call {AGENCY.phone}
            </a>
          </ActionRow>
          <ul
            aria-label="Why clients trust us"
            className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm font-medium text-slate-200 sm:flex sm:flex-wrap sm:justify-center sm:gap-x-6"
          >
            {BADGES.map(({ icon: Icon, label }) => (
              <li key={label} className="inline-flex items-center gap-2">
                <Icon className="size-5 text-amber-300" />
                {label}
              </li>
            ))}
          </ul>
        </Reveal>
      </div>
    </section>
  );
}
