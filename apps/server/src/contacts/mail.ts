import { AGENCY, CONTACT_REPLY_HOURS, type ContactMessage, formatPhone } from "@agency/domain";
import type { OutgoingMail } from "../mail/outbox.ts";

export function contactMails(
  contact: ContactMessage,
  meta: { id: string; notifyEmail: string },
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
      text: [
        `Hi ${contact.firstName},`,
        "",
        `Thank you for contacting ${AGENCY.name}. We'll get back to you within ${CONTACT_REPLY_HOURS} hours.`,
        `If it is urgent, call us at ${AGENCY.phone}.`,
        "",
        "Your message:",
        contact.message,
        "",
        AGENCY.name,
        AGENCY.address.singleLine,
      ].join("\n"),
      related,
    },
  ];
}
