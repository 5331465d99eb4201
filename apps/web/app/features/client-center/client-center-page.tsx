import { AGENCY, SERVICE_KIND_VALUES, SERVICE_MESSAGES, type ServiceKind } from "@agency/domain";
import { type ReactNode, useEffect } from "react";
import { Link, useSearchParams } from "react-router";
// The drawing by name (not BadgeCheckIcon and the like): each of those small modules would
// be a script of its own on this page, shared as they are with other pages.
import { Icon } from "../../components/icons/icon";
import { PhoneIcon } from "../../components/icons/index";
import type { IconName } from "../../components/icons/shapes";
import { PageHeading } from "../../components/page-heading";
import { cn } from "../../lib/cn";
import { scrollToElementId } from "../../lib/scroll";
import { CarrierDirectory } from "./carrier-directory";
import {
  CLIENT_CENTER_SECTIONS,
  type ClientCenterSection,
  EMERGENCY_DETAIL,
  SECTION_OF_KIND,
} from "./client-center-copy";
import { ServiceRequestForm } from "./service-request-form";

interface ServiceCard {
  section: ClientCenterSection;
  title: string;
  text: string;
  icon: IconName;
}

/** The page's six ways in, each leading to its section below. */
const SERVICE_CARDS: ServiceCard[] = [
  {
    section: "claim",
    title: "Report a claim",
    text: "Your carrier's claims line and site, and how we help after an accident or a loss.",
    icon: "lifebuoy",
  },
  {
    section: "payment",
    title: "Make a payment",
    text: "Pay your bill on your insurance company's site or by phone.",
    icon: "dollar",
  },
  {
    section: "idCards",
    title: "Request ID cards",
    text: "New or replacement insurance ID cards for your vehicles.",
    icon: "cards",
  },
  {
    section: "policyChange",
    title: "Request a policy change",
    text: "Add or remove a driver, vehicle or address, or change your coverage.",
    icon: "clipboard",
  },
  {
    section: "certificate",
    title: "Request a certificate of insurance",
    text: "Proof of coverage for a landlord, lender, client or event.",
    icon: "badge-check",
  },
  {
    section: "other",
    title: "Something else",
    text: "A question about your policy, a renewal or a bill from us.",
    icon: "question",
  },
];

const linkClass = "font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800";
/** A phone number is not broken across lines. */
const phoneLinkClass = `${linkClass} whitespace-nowrap`;

const sectionHeadingClass = "text-2xl font-bold tracking-tight text-navy-900 sm:text-3xl";

export function ClientCenterPage() {
  useScrollToRequestedKind();

  return (
    <>
      <PageHeading eyebrow="For our clients" title="Client Center">
        <p>
          Report a claim, pay your bill, or ask us for ID cards, a policy change or a certificate of
          insurance. Choose what you need below.
        </p>
      </PageHeading>

      <section aria-labelledby="client-center-options-heading" className="py-12 sm:py-16">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <h2 id="client-center-options-heading" className={sectionHeadingClass}>
            What do you need?
          </h2>
          <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3 lg:gap-6">
            {SERVICE_CARDS.map((card) => (
              <ServiceCardItem key={card.section} card={card} />
            ))}
          </ul>
        </div>
      </section>

      <ServiceSection section="claim" title="Report a claim" tone="muted">
        <p className="flex gap-3 rounded-xl border-l-4 border-red-700 bg-red-50 p-4 text-lg text-red-950 sm:p-5">
          <PhoneIcon className="mt-1 size-5 shrink-0 text-red-700" />
          <span>
            <strong className="font-bold">{SERVICE_MESSAGES.claimEmergency}</strong>{" "}
            {EMERGENCY_DETAIL}
          </span>
        </p>
        <ol className="mt-6 max-w-3xl list-decimal space-y-2 pl-6 text-lg text-slate-700 marker:font-bold marker:text-brand-700">
          <li>Make sure everyone is safe, and take photos if you can do so safely.</li>
          <li>
            Report the claim to your insurance company: call its claims line or file online (find it
            below).
          </li>
          <li>
            Let us know too, at{" "}
            <a href={AGENCY.phoneHref} className={phoneLinkClass}>
              {AGENCY.phone}
            </a>
            : we can help you through the claim and speak up for you with the carrier.
          </li>
        </ol>
        <p className="mt-6 max-w-3xl rounded-xl bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-200 ring-inset">
          <strong className="font-semibold">Please note:</strong>{" "}
          {SERVICE_MESSAGES.claimNotReported}
        </p>
        <h3 className="mt-10 text-xl font-bold text-navy-900">Claims lines of our carriers</h3>
        <div className="mt-4">
          <CarrierDirectory purpose="claim" />
        </div>
        <RequestFormBlock
          kind="claim"
          heading="Tell us about it too"
          submitLabel="Send claim notice"
          notice={SERVICE_MESSAGES.claimNotReported}
        >
          Once you have reported the claim to your carrier, tell us what happened and we will follow
          it with you.
        </RequestFormBlock>
      </ServiceSection>

      <ServiceSection section="payment" title="Make a payment">
        <p className="max-w-3xl text-lg text-slate-700">
          Most policies are billed by the insurance company: pay on your carrier's site or call its
          customer service line. If your bill came from us, call us at{" "}
          <a href={AGENCY.phoneHref} className={phoneLinkClass}>
            {AGENCY.phone}
          </a>
          .
        </p>
        <h3 className="mt-10 text-xl font-bold text-navy-900">Pay your carrier</h3>
        <div className="mt-4">
          <CarrierDirectory purpose="payment" />
        </div>
      </ServiceSection>

      <ServiceSection section="idCards" title="Request ID cards" tone="muted">
        <RequestFormBlock kind="id-cards" submitLabel="Request ID cards">
          Tell us the policy and the vehicles you need cards for.
        </RequestFormBlock>
      </ServiceSection>

      <ServiceSection section="policyChange" title="Request a policy change">
        <RequestFormBlock kind="policy-change" submitLabel="Request the change">
          Adding a driver or a vehicle, moving, or changing your coverage: tell us what should
          change and from which date.
        </RequestFormBlock>
      </ServiceSection>

      <ServiceSection section="certificate" title="Request a certificate of insurance" tone="muted">
        <RequestFormBlock kind="certificate" submitLabel="Request the certificate">
          Tell us who needs the certificate, what it is for and by when.
        </RequestFormBlock>
      </ServiceSection>

      <ServiceSection section="other" title="Something else">
        <RequestFormBlock kind="other" submitLabel="Send request">
          A question about your coverage, a renewal, or anything not listed here. For a new quote,{" "}
          <Link to="/contact-us" className={linkClass}>
            send us a message
          </Link>{" "}
          instead.
        </RequestFormBlock>
      </ServiceSection>
    </>
  );
}

/** A card: its title is the link to its section, and the whole card is the link's target. */
function ServiceCardItem({ card }: { card: ServiceCard }) {
  return (
    <li className="relative flex gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm has-focus-visible:ring-2 has-focus-visible:ring-brand-700 hover:border-brand-200 hover:shadow-md sm:p-6">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
        <Icon name={card.icon} className="size-6" />
      </span>
      <span>
        <a
          href={`#${CLIENT_CENTER_SECTIONS[card.section]}`}
          className="text-lg font-bold text-navy-900 outline-none after:absolute after:inset-0 after:rounded-2xl hover:text-brand-700"
        >
          {card.title}
        </a>
        <span className="mt-1 block text-slate-600">{card.text}</span>
      </span>
    </li>
  );
}

function ServiceSection({
  section,
  title,
  tone = "plain",
  children,
}: {
  section: ClientCenterSection;
  title: string;
  tone?: "plain" | "muted";
  children: ReactNode;
}) {
  const id = CLIENT_CENTER_SECTIONS[section];
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className={cn("py-12 sm:py-16", tone === "muted" && "bg-slate-50")}
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <h2 id={`${id}-heading`} className={sectionHeadingClass}>
          {title}
        </h2>
        <div className="mt-5">{children}</div>
      </div>
    </section>
  );
}

/**
 * A request's form with what to tell us above it, and the phone for those who would rather
 * call. `heading` names the form when the section holds more than it (Report a claim).
 */
function RequestFormBlock({
  kind,
  heading,
  submitLabel,
  notice,
  children,
}: {
  kind: ServiceKind;
  heading?: string;
  submitLabel: string;
  notice?: string;
  children: ReactNode;
}) {
  const sectionId = CLIENT_CENTER_SECTIONS[SECTION_OF_KIND[kind]];
  const headingId = heading ? `${sectionId}-form-heading` : `${sectionId}-heading`;
  return (
    // From lg on, what to tell us sits beside the form rather than above it.
    <div className={cn("lg:grid lg:grid-cols-3 lg:gap-10", heading && "mt-12")}>
      <div>
        {heading ? (
          <h3 id={headingId} className="text-xl font-bold text-navy-900">
            {heading}
          </h3>
        ) : null}
        <p className={cn("max-w-3xl text-lg text-slate-700", heading && "mt-2")}>
          {children} Rather call? We are at{" "}
          <a href={AGENCY.phoneHref} className={phoneLinkClass}>
            {AGENCY.phone}
          </a>
          .
        </p>
      </div>
      <div className="mt-6 lg:col-span-2 lg:mt-0">
        <ServiceRequestForm
          kind={kind}
          labelledBy={headingId}
          submitLabel={submitLabel}
          {...(notice ? { notice } : {})}
        />
      </div>
    </div>
  );
}

/**
 * `/client-center?kind=certificate` (a link from an email or another page) lands on that
 * kind's form once the page runs; an address with its own #anchor keeps it.
 */
function useScrollToRequestedKind() {
  const [searchParams] = useSearchParams();
  const kind = searchParams.get("kind");
  useEffect(() => {
    if (!kind || window.location.hash) return;
    const known = SERVICE_KIND_VALUES.find((value) => value === kind);
    if (known) scrollToElementId(CLIENT_CENTER_SECTIONS[SECTION_OF_KIND[known]]);
  }, [kind]);
}
