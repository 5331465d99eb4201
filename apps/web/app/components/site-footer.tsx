import { AGENCY } from "@agency/domain";
import { type FormEvent, type ReactNode, useState } from "react";
import { Link } from "react-router";
import {
  footerAgencyLinks,
  footerLegalLinks,
  footerProductLinks,
  type SiteLink,
} from "../lib/site-links";
import { AgencyLogo } from "./agency-logo";
import { ClockIcon } from "./icons/clock";
import { FacebookIcon } from "./icons/facebook";
import { InstagramIcon } from "./icons/instagram";
import { LinkedInIcon } from "./icons/linked-in";
import { MailIcon } from "./icons/mail";
import { MapPinIcon } from "./icons/map-pin";
import { PhoneIcon } from "./icons/phone";

const studio = { name: "Northloop Web Studio", href: "https://northloop.studio/" };

const socialIcons: Record<(typeof AGENCY.socialLinks)[number]["network"], typeof FacebookIcon> = {
  Facebook: FacebookIcon,
  Instagram: InstagramIcon,
  LinkedIn: LinkedInIcon,
};

const footerLinkClass = "text-slate-200 underline-offset-4 hover:text-white hover:underline";

interface SiteFooterProps {
  /** Reopens the cookie consent banner, so a visitor can change their choice. */
  onOpenCookieSettings: () => void;
}

export function SiteFooter({ onOpenCookieSettings }: SiteFooterProps) {
  return (
    <footer className="bg-navy-950 text-slate-200 [&_:focus-visible]:outline-amber-300">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 sm:px-6 lg:grid-cols-12 lg:px-8 lg:py-16">
        <div className="col-span-2 lg:col-span-4">
          <Link to="/" className="inline-flex items-center gap-2.5 rounded-md text-white">
            <AgencyLogo className="h-10" />
            <span className="text-lg font-bold">{AGENCY.name}</span>
          </Link>
          <p className="mt-4 max-w-sm text-sm leading-relaxed text-slate-300">
            An independent insurance agency licensed in {AGENCY.licensedInNames}, comparing coverage
            from several carriers for drivers, homeowners and businesses across {AGENCY.region}.
          </p>
          <ul className="mt-6 flex gap-3">
            {AGENCY.socialLinks.map(({ network, url }) => {
              const Icon = socialIcons[network];
              return (
                <li key={network}>
                  <a
                    href={url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="flex size-10 items-center justify-center rounded-full bg-white/10 text-white hover:bg-white/20"
                  >
                    <Icon />
                    <span className="sr-only">
                      {AGENCY.name} on {network} (opens in a new tab)
                    </span>
                  </a>
                </li>
              );
            })}
          </ul>
        </div>

        <FooterLinkList title="Insurance" links={footerProductLinks} className="lg:col-span-2" />
        <FooterLinkList title="Agency" links={footerAgencyLinks} className="lg:col-span-2" />

        <div className="col-span-2 lg:col-span-4">
          <h2 className="text-sm font-semibold tracking-wider text-white uppercase">
            Visit or call
          </h2>
          <address className="mt-4 space-y-3 text-sm not-italic">
            <ContactRow icon={<MapPinIcon className="size-4" />}>
              {AGENCY.address.street}
              <br />
              {AGENCY.address.city}, {AGENCY.address.state} {AGENCY.address.zip}
            </ContactRow>
            <ContactRow icon={<PhoneIcon className="size-4" />}>
              <a href={AGENCY.phoneHref} className={footerLinkClass}>
                {AGENCY.phone}
              </a>
            </ContactRow>
            <ContactRow icon={<MailIcon className="size-4" />}>
              <a href={AGENCY.emailHref} className={footerLinkClass}>
                {AGENCY.email}
              </a>
            </ContactRow>
          </address>
          <div className="mt-4 flex gap-3 text-sm">
            <ClockIcon className="mt-0.5 size-4 shrink-0 text-amber-300" />
            <div>
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                {AGENCY.hoursDisplay.map((row) => (
                  <div key={row.days} className="contents">
                    <dt className="text-slate-300">{row.days}</dt>
                    <dd className="whitespace-nowrap text-white">{row.hours}</dd>
                  </div>
                ))}
              </dl>
              <p className="mt-2 text-slate-300">{AGENCY.hoursNote}</p>
            </div>
          </div>
        </div>
      </div>

      <NewsletterForm />

      <div className="border-t border-white/15">
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6 text-sm sm:px-6 lg:flex-row lg:items-center lg:justify-between lg:px-8">
          <p className="text-slate-300">
            © <span suppressHydrationWarning>{new Date().getFullYear()}</span> {AGENCY.name}. All
            rights reserved.
          </p>
          <nav aria-label="Legal">
            <ul className="flex flex-wrap gap-x-6 gap-y-2">
              {footerLegalLinks.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className={footerLinkClass}>
                    {link.label}
                  </Link>
                </li>
              ))}
              <li>
                <button
                  type="button"
                  className={`${footerLinkClass} cursor-pointer`}
                  onClick={onOpenCookieSettings}
                >
                  Cookie settings
                </button>
              </li>
            </ul>
          </nav>
          <p className="text-slate-300">
            Site by{" "}
            <a
              href={studio.href}
              target="_blank"
              rel="noopener noreferrer"
              className={footerLinkClass}
            >
              {studio.name}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </p>
        </div>
      </div>
    </footer>
  );
}

function FooterLinkList({
  title,
  links,
  className,
}: {
  title: string;
  links: SiteLink[];
  className?: string;
}) {
  return (
    <nav aria-label={title} className={className}>
      <h2 className="text-sm font-semibold tracking-wider text-white uppercase">{title}</h2>
      <ul className="mt-4 space-y-2.5 text-sm">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={footerLinkClass}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function ContactRow({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <p className="flex gap-3">
      <span className="mt-0.5 shrink-0 text-amber-300">{icon}</span>
      <span>{children}</span>
    </p>
  );
}

/**
 * The spec's newsletter form exists but is not shown: the `hidden` attribute keeps it out
 * of sight, out of the tab order and out of the accessibility tree. Submitting only
 * clears the field; there is no newsletter service to call.
 */
function NewsletterForm() {
  const [email, setEmail] = useState("");

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setEmail("");
  }

  return (
    <form hidden aria-label="Newsletter sign-up" onSubmit={handleSubmit}>
      <label htmlFor="newsletter-email">Email address</label>
      <input
        id="newsletter-email"
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <button type="submit">Subscribe</button>
    </form>
  );
}
