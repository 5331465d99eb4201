import { AGENCY } from "@agency/domain";
import { ButtonLink } from "../../components/button-link";
import {
  ClipboardIcon,
  HeartIcon,
  type IconComponent,
  ProductAwardIcon,
  ProductLockIcon,
  ProductShieldIcon,
  ProductUsersIcon,
  ScaleIcon,
} from "../../components/icons/index";
import { Reveal } from "../../components/reveal";
import { requestScrollOnArrival, SCROLL_TO_CONTACT_FORM_KEY } from "../../lib/session-flags";
import { withoutMissing } from "../../lib/without-missing";

const FEATURES: ReadonlyArray<{ title: string; text: string; icon: IconComponent }> = [
  {
    title: "Free, no-obligation quotes",
    text: "Get an auto estimate online in minutes, or let an agent quote any other line. You decide, with no pressure.",
    icon: ClipboardIcon,
  },
  {
    title: "Several carriers, one agent",
    text: "We compare coverage and price across the carriers we represent, so you do not have to call each one.",
    icon: ScaleIcon,
  },
  {
    title: "Help when you have a claim",
    text: "Call us first after an accident, a hailstorm or a break-in. We help you report it and follow it through.",
    icon: ProductUsersIcon,
  },
];

const { businessRating } = AGENCY.figures;

const TRUST_ITEMS: ReadonlyArray<{ label: string; icon: IconComponent }> = withoutMissing([
  { label: "Licensed & Insured", icon: ProductShieldIcon },
  businessRating && { label: `${businessRating.value} Rated Agency`, icon: ProductAwardIcon },
  { label: "Secure & Confidential", icon: ProductLockIcon },
  { label: "Customer First", icon: HeartIcon },
]);

export function ProductsCallToAction() {
  return (
    <section aria-labelledby="products-cta-heading" className="px-4 pb-16 sm:px-6 lg:px-8">
      <Reveal className="mx-auto max-w-7xl rounded-3xl [&_:focus-visible]:outline-amber-300 bg-linear-to-br from-navy-950 via-navy-900 to-navy-800 px-6 py-12 text-white sm:px-10 lg:py-16">
        <div className="mx-auto max-w-3xl text-center">
          <h2 id="products-cta-heading" className="text-2xl font-bold tracking-tight sm:text-4xl">
            Ready to find the right coverage?
          </h2>
          <p className="mt-4 text-lg text-slate-200">
            Start an auto quote online, or talk to a licensed {AGENCY.stateName} agent about your
            home, your business or a bundle of both.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <ButtonLink to="/get-quote-today" variant="accent">
              Start Free Quote
            </ButtonLink>
            <ButtonLink
              to="/contact-us"
              variant="on-dark"
              onClick={() => requestScrollOnArrival(SCROLL_TO_CONTACT_FORM_KEY)}
            >
              Speak with Agent
            </ButtonLink>
          </div>
        </div>

        <ul className="mt-12 grid gap-4 md:grid-cols-3">
          {FEATURES.map((feature, index) => (
            <li key={feature.title}>
              <Reveal
                staggerIndex={index}
                staggerStepMs={150}
                className="h-full rounded-2xl bg-white/10 p-6 ring-1 ring-white/15"
              >
                <feature.icon className="size-7 text-amber-300" />
                <h3 className="mt-4 text-lg font-semibold">{feature.title}</h3>
                <p className="mt-2 text-slate-200">{feature.text}</p>
              </Reveal>
            </li>
          ))}
        </ul>

        <ul
          aria-label="Why clients trust us"
          className="mt-10 grid grid-cols-2 gap-4 border-t border-white/15 pt-8 text-sm font-semibold sm:text-base lg:grid-cols-4"
        >
          {TRUST_ITEMS.map((item) => (
            <li key={item.label} className="flex items-center gap-2 sm:justify-center">
              <item.icon className="size-5 shrink-0 text-amber-300" />
              {item.label}
            </li>
          ))}
        </ul>
      </Reveal>
    </section>
  );
}
