import { AGENCY, QUOTE_TYPES, type QuoteType, quoteTypeHref } from "@agency/domain";
import { Link } from "react-router";
import {
  ArrowRightIcon,
  HomeBuildingIcon,
  HomeCarIcon,
  HomeHouseIcon,
  HomeLayersIcon,
  type IconComponent,
  PhoneIcon,
  RvIcon,
} from "../../components/icons/index";
import { Reveal } from "../../components/reveal";
import { requestScrollOnArrival, SCROLL_TO_CONTACT_FORM_KEY } from "../../lib/session-flags";
import { SectionHeader } from "./section-header";

const QUOTE_TYPE_ICONS: Record<QuoteType, IconComponent> = {
  bundle: HomeLayersIcon,
  auto: HomeCarIcon,
  property: HomeHouseIcon,
  recreational: RvIcon,
  commercial: HomeBuildingIcon,
};

/**
 * "Find Your Perfect Coverage". Auto has an online form; every other choice goes to the
 * contact form, which scrolls itself into view when it finds the session flag.
 */
export function QuoteTypeChooser() {
  return (
    <section aria-labelledby="quote-chooser-heading" className="bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-24 lg:px-8">
        <SectionHeader
          id="quote-chooser-heading"
          eyebrow="Get started"
          title="Find Your Perfect Coverage"
        >
          Tell us what you want to insure. Auto quotes start online; for everything else an agent
          builds your quote with you.
        </SectionHeader>

        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {QUOTE_TYPES.map((type, index) => {
            const Icon = QUOTE_TYPE_ICONS[type.value];
            const href = quoteTypeHref(type.value);
            const isContact = href === "/contact-us";
            return (
              <Reveal as="li" key={type.value} staggerIndex={index} staggerStepMs={150}>
                {/* The title link stretches over the card, so the whole card is one target. */}
                <article className="relative flex h-full flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 transition-shadow hover:shadow-lg hover:ring-brand-600 has-[a:focus-visible]:outline-3 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-brand-600 motion-reduce:transition-none">
                  <div className="flex items-start justify-between gap-3">
                    <span className="flex size-12 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
                      <Icon className="size-6" />
                    </span>
                    {type.badge ? (
                      <span className="rounded-full bg-amber-300 px-2.5 py-0.5 text-xs font-bold tracking-wide text-navy-950">
                        {type.badge}
                      </span>
                    ) : null}
                  </div>
                  <h3 className="mt-4 text-xl font-bold text-navy-900">
                    <Link
                      to={href}
                      onClick={
                        isContact
                          ? () => requestScrollOnArrival(SCROLL_TO_CONTACT_FORM_KEY)
                          : undefined
                      }
                      className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none"
                    >
                      {type.title}
                    </Link>
                  </h3>
                  <p className="mt-2 flex-1 text-slate-700">{type.description}</p>
                  <p
                    aria-hidden="true"
                    className="mt-5 inline-flex items-center gap-2 font-semibold text-brand-700"
                  >
                    {isContact ? "Talk to an agent" : "Start online"}
                    <ArrowRightIcon className="size-4" />
                  </p>
                </article>
              </Reveal>
            );
          })}

          <Reveal as="li" staggerIndex={QUOTE_TYPES.length} staggerStepMs={150}>
            <aside
              aria-labelledby="personal-assistance-heading"
              className="flex h-full flex-col rounded-2xl bg-linear-to-br from-brand-700 to-navy-900 p-6 text-white"
            >
              <h3 id="personal-assistance-heading" className="text-xl font-bold">
                Need Personalized Assistance?
              </h3>
              <p className="mt-2 flex-1 text-slate-100">
                Have a mix of vehicles, a home business or a cabin to add? Call and we will sort out
                the right coverage together.
              </p>
              <a
                href={AGENCY.phoneHref}
                className="mt-5 inline-flex items-center justify-center gap-2 self-start rounded-md bg-white px-5 py-3 font-semibold text-navy-900 shadow-sm hover:bg-slate-100"
              >
                <PhoneIcon className="size-4" />
                Call {AGENCY.phone}
              </a>
            </aside>
          </Reveal>
        </ul>
      </div>
    </section>
  );
}
