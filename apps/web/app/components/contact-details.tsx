import { AGENCY } from "@agency/domain";
import type { ReactNode } from "react";
import { ClockIcon } from "./icons/clock";
import { MailIcon } from "./icons/mail";
import { MapPinIcon } from "./icons/map-pin";
import { PhoneIcon } from "./icons/phone";
import { PrinterIcon } from "./icons/printer";

const linkClass = "font-medium text-brand-700 underline-offset-4 hover:underline";

/**
 * The office's phone, email, address and (optionally) fax, as a list of labelled rows: one
 * column unless `className` lays the list out otherwise (a grid, say).
 */
export function ContactDetails({
  showFax = false,
  className = "space-y-4",
}: {
  showFax?: boolean;
  className?: string;
}) {
  return (
    <dl className={className}>
      <DetailRow icon={<PhoneIcon />} label="Phone">
        <a href={AGENCY.phoneHref} className={linkClass}>
          {AGENCY.phone}
        </a>
      </DetailRow>
      <DetailRow icon={<MailIcon />} label="Email">
        <a href={AGENCY.emailHref} className={`${linkClass} break-all`}>
          {AGENCY.email}
        </a>
      </DetailRow>
      {showFax ? (
        <DetailRow icon={<PrinterIcon />} label="Fax">
          {AGENCY.fax}
        </DetailRow>
      ) : null}
      <DetailRow icon={<MapPinIcon />} label="Office">
        <address className="not-italic">
          {AGENCY.address.street}
          <br />
          {AGENCY.address.city}, {AGENCY.address.state} {AGENCY.address.zip}
        </address>
      </DetailRow>
    </dl>
  );
}

/** The office's opening hours, one row per group of days. */
export function OfficeHours() {
  return (
    <div className="flex gap-3">
      <ClockIcon className="mt-0.5 size-5 shrink-0 text-brand-700" />
      <div>
        <dl className="grid gap-x-4 gap-y-1.5 sm:grid-cols-[auto_1fr]">
          {AGENCY.hoursDisplay.map((row) => (
            <div key={row.days} className="contents">
              <dt className="font-medium text-navy-900">{row.days}</dt>
              <dd className="mb-1 whitespace-nowrap text-slate-700 sm:mb-0">{row.hours}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-2 text-sm text-slate-600">{AGENCY.hoursNote}</p>
      </div>
    </div>
  );
}

function DetailRow({
  icon,
  label,
  children,
}: {
  icon: ReactNode;
  label: string;
  children: ReactNode;
}) {
  // dt and dd must be direct children of this div for a valid description list, so the
  // icon sits inside the dt.
  return (
    <div className="relative pl-8">
      <dt className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
        <span className="absolute top-0.5 left-0 text-brand-700">{icon}</span>
        {label}
      </dt>
      <dd className="text-slate-800">{children}</dd>
    </div>
  );
}
