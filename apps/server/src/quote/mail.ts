import {
  AGENCY,
  formatMoney,
  formatPhone,
  liabilityLabel,
  maskLicenseNumber,
  QUOTE_REVIEW_HOURS,
  QUOTE_VALID_DAYS,
  type QuoteSubmission,
} from "@agency/domain";
import { leadPageLine } from "../mail/lead-link.ts";
import type { OutgoingMail } from "../mail/outbox.ts";

const yesNo = (value: boolean) => (value ? "Yes" : "No");

export function quoteMails(
  quote: QuoteSubmission,
  meta: { id: string; amount: number; notifyEmail: string; publicUrl: string },
): OutgoingMail[] {
  const { personalInfo: p, vehicleInfo: v, coverage: c } = quote;
  const name = `${p.firstName} ${p.lastName}`;
  const drivers = quote.drivers
    .map(
      (d, i) =>
        `  ${i + 1}. ${d.firstName} ${d.lastName} (${d.relationship}), born ${d.dob}, license ${maskLicenseNumber(d.licenseNumber)} ${d.licenseState}, accidents ${d.accidents}, violations ${d.violations}`,
    )
    .join("\n");
  const related = { type: "auto_quote", id: meta.id };
  const agencyText = [
    `New ${quote.product} quote request from ${name}.`,
    leadPageLine(meta.publicUrl, "quotes", meta.id),
    "",
    `Estimated monthly premium: ${formatMoney(meta.amount)}`,
    "",
    "Contact",
    `  Email: ${p.email}`,
    `  Phone: ${formatPhone(p.phone)}`,
    `  Address: ${p.address}, ${p.city}, ${p.state} ${p.zip}`,
    "",
    "Vehicle",
    `  ${v.year} ${v.make} ${v.model}${v.vin ? `, VIN ${v.vin}` : ""}`,
    `  Mileage ${v.mileage}, use ${v.primaryUse}, ${v.ownership}`,
    `  Safety features: ${v.safetyFeatures.length > 0 ? v.safetyFeatures.join(", ") : "none listed"}`,
    "",
    "Drivers",
    drivers,
    "",
    "Coverage",
    `  Liability ${liabilityLabel(c.liability)}, deductible $${c.deductible}`,
    `  Collision ${yesNo(c.collision)}, comprehensive ${yesNo(c.comprehensive)}, uninsured motorist ${yesNo(c.uninsuredMotorist)}`,
    `  Medical payments ${yesNo(c.medicalPayments)}, rental ${yesNo(c.rentalReimbursement)}, roadside ${yesNo(c.roadsideAssistance)}`,
    "",
    `Quote id: ${meta.id}. Promised review within ${QUOTE_REVIEW_HOURS} hours.`,
  ].join("\n");
  const visitorText = [
    // Nothing the visitor typed is repeated (names included): only option-list values
    // and the computed estimate, so a stranger's words never go out as the agency's mail.
    "Hello,",
    "",
    `Thank you for requesting an auto insurance quote from ${AGENCY.name}.`,
    `Your estimated monthly premium is ${formatMoney(meta.amount)} for your ${v.year} ${v.make} ${v.model}.`,
    "",
    `A licensed agent will review your request within ${QUOTE_REVIEW_HOURS} hours and contact you to confirm`,
    `the details. The estimate is valid for ${QUOTE_VALID_DAYS} days. It is an estimate, not bound coverage:`,
    "no policy is in force until an agent confirms it with you in writing.",
    "",
    `Questions? Call us at ${AGENCY.phone} or reply to this email.`,
    "If you did not request a quote, you can ignore this email.",
    "",
    AGENCY.name,
    AGENCY.address.singleLine,
  ].join("\n");
  return [
    {
      kind: "quote.agency",
      to: meta.notifyEmail,
      subject: `New auto quote: ${name}, ${v.year} ${v.make} ${v.model}`,
      text: agencyText,
      related,
    },
    {
      kind: "quote.visitor",
      to: p.email,
      subject: `Your auto insurance quote from ${AGENCY.name}`,
      text: visitorText,
      related,
    },
  ];
}
