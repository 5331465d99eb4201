import { AGENCY } from "@agency/domain";

/** The agency's postal address, phone and email, for the legal pages' contact sections. */
export function AgencyContactBlock() {
  return (
    <address className="mt-4 rounded-xl bg-slate-50 p-5 not-italic ring-1 ring-slate-200">
      <strong>{AGENCY.legalName}</strong>
      <br />
      {AGENCY.address.street}
      <br />
      {AGENCY.address.city}, {AGENCY.address.state} {AGENCY.address.zip}
      <br />
      Phone: <a href={AGENCY.phoneHref}>{AGENCY.phone}</a>
      <br />
      Email: <a href={AGENCY.emailHref}>{AGENCY.email}</a>
    </address>
  );
}
