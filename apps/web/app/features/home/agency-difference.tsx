import { AGENCY, CONTACT_REPLY_HOURS } from "@agency/domain";
import {
  DollarIcon,
  HomeHeartIcon,
  type IconComponent,
  iconBefore,
  MapPinIcon,
  MessageIcon,
} from "../../components/icons/index";
import { Reveal } from "../../components/reveal";
import { SectionHeader } from "./section-header";

interface Strength {
  icon: IconComponent;
  title: string;
  text: string;
  /** Only the profile's own figures; left out when it has none to show. */
  metric?: string | undefined;
}

const STRENGTHS: Strength[] = [
  {
    icon: DollarIcon,
    title: "Competitive Rates",
    text: "We quote the same coverage with several carriers and show you the difference in price and in what each policy pays.",
    metric: "Multiple carriers compared",
  },
  {
    icon: HomeHeartIcon,
    title: "Customer First",
    text: "We recommend what protects you, even when that means a smaller policy. Our clients notice, and say so.",
    metric: AGENCY.figures.clientRating && `${AGENCY.figures.clientRating.value} client rating`,
  },
  {
    icon: MessageIcon,
    title: "Responsive Service",
    text: "Call during office hours and a licensed agent answers. Send a message and we reply within a day.",
    metric: `Replies within ${CONTACT_REPLY_HOURS} hours`,
  },
  {
    icon: MapPinIcon,
    title: "Local Expertise",
    text: `From ${AGENCY.address.city} bungalows to lake cabins up north, we insure the homes, cars and businesses of our own region.`,
    metric: `${AGENCY.address.city} office`,
  },
];

const COMMITMENTS = [
  "Review your coverage every year, before it renews",
  "Explain every option in plain English, with no pressure",
  "Stand with you through every claim",
  "Keep your personal information private and secure",
];

export function AgencyDifference() {
  return (
    <section aria-labelledby="agency-difference-heading" className="bg-white">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-24 lg:px-8">
        <SectionHeader
          id="agency-difference-heading"
          eyebrow="Why choose us"
          title={`The ${AGENCY.shortName} Difference`}
        >
          Insurance is a promise. We make sure yours is the right one, and we are here when you need
          to use it.
        </SectionHeader>

        <div className="mt-12 grid gap-6 lg:grid-cols-12">
          <ul className="grid gap-6 sm:grid-cols-2 lg:col-span-8">
            {STRENGTHS.map(({ icon: Icon, title, text, metric }, index) => (
              <Reveal
                as="li"
                key={title}
                staggerIndex={index}
                staggerStepMs={150}
                className="flex flex-col rounded-2xl border border-slate-200 bg-slate-50 p-6"
              >
                <span className="flex size-11 items-center justify-center rounded-lg bg-brand-100 text-brand-700">
                  <Icon className="size-6" />
                </span>
                <h3 className="mt-4 text-lg font-bold text-navy-900">{title}</h3>
                <p className="mt-2 flex-1 text-slate-700">{text}</p>
                {metric && <p className="mt-4 text-sm font-semibold text-brand-700">{metric}</p>}
              </Reveal>
            ))}
          </ul>

          <Reveal
            as="aside"
            aria-labelledby="commitment-heading"
            className="flex flex-col rounded-2xl bg-navy-900 p-6 text-white sm:p-8 lg:col-span-4"
          >
            <h3 id="commitment-heading" className="text-2xl font-bold">
              Our Commitment to You
            </h3>
            <p className="mt-3 text-slate-200">
              Whether you insure one car or a fleet of work trucks, you get the same care from a
              licensed {AGENCY.stateName} agent.
            </p>
            <ul className="mt-6 space-y-4">
              {COMMITMENTS.map((commitment) => (
                <li
                  key={commitment}
                  className={`flex gap-3 ${iconBefore("home-check-circle")} before:mt-0.5 before:size-5 before:bg-amber-300`}
                >
                  <span>{commitment}</span>
                </li>
              ))}
            </ul>
            <div className="mt-auto pt-8">
              <p className="border-t border-white/20 pt-6 text-sm text-slate-200">
                Questions? Call{" "}
                <a
                  href={AGENCY.phoneHref}
                  className="font-semibold whitespace-nowrap text-white underline underline-offset-4"
                >
                  {AGENCY.phone}
                </a>
              </p>
            </div>
          </Reveal>
        </div>
      </div>
    </section>
  );
}
