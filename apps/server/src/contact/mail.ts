import { AGENCY, CONTACT_REPLY_HOURS, type ContactMessage, formatPhone } from "@agency/domain";
import { leadPageLine } from "../mail/lead-link.ts";
import type { OutgoingMail } from "../mail/outbox.ts";

export function contactMails(
  contact: Omit<ContactMessage, "notRobot" | "formattedPhone">,
  meta: { id: string; notifyEmail: string; publicUrl: string },
): OutgoingMail[] {
  const name = `${contact.firstName} ${contact.lastName}`;
  const related = { type: "contact", id: meta.id };
  return [
    {
      kind: "contact.agency",
      to: meta.notifyEmail,
      subject: `New message (${contact.subject}) from ${name}`,
      text: [
        `${name} sent a message through the website.`,
        leadPageLine(meta.publicUrl, "contacts", meta.id),
        "",
        `Subject: ${contact.subject}`,
        `Email: ${contact.email}`,
        `Phone: ${formatPhone(contact.phone)}`,
        "",
        contact.message,
        "",
        `Message id: ${meta.id}. Promised reply within ${CONTACT_REPLY_HOURS} hours.`,
      ].join("\n"),
      related,
    },
    {
      kind: "contact.visitor",
      to: contact.email,
      subject: `We received your message: ${AGENCY.name}`,
      // Nothing the visitor typed is repeated (names and message included): what a
      // stranger enters must never become the agency's mail to someone else's inbox.
      text: [
        "Hello,",
        "",
        `Thank you for contacting ${AGENCY.name}. We received your message about`,
        `${contact.subject} and will reply by email or phone within ${CONTACT_REPLY_HOURS} hours.`,
        `If it is urgent, call us at ${AGENCY.phone}.`,
        "",
        "If you did not write to us, you can ignore this email: nothing else will be sent.",
        "",
        AGENCY.name,
        AGENCY.address.singleLine,
      ].join("\n"),
      related,
    },
  ];
}
