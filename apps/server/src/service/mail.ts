import { SERVICE_KIND_LABELS, type ServiceKind, serviceConfirmationMail } from "@agency/domain";
import { leadPageLine } from "../mail/lead-link.ts";
import type { OutgoingMail } from "../mail/outbox.ts";

/**
 * A request's two mails (issue 29 §1): the agency's notice (what, who, the link) and the
 * client's confirmation, which carries the reference and none of what was typed (a
 * stranger's words never become the agency's mail to someone's inbox).
 */
export function serviceMails(
  request: { kind: ServiceKind; name: string; email: string; reference: string },
  meta: { id: string; notifyEmail: string; publicUrl: string },
): OutgoingMail[] {
  const related = { type: "service_request", id: meta.id };
  const kind = SERVICE_KIND_LABELS[request.kind];
  const confirmation = serviceConfirmationMail(request.reference);
  return [
    {
      kind: "service.agency",
      to: meta.notifyEmail,
      subject: `New Client Center request ${request.reference}: ${kind}`,
      text: [
        `${request.name} sent a Client Center request (${kind}) through the website.`,
        leadPageLine(meta.publicUrl, "service", meta.id),
        "",
        `Reference: ${request.reference}`,
        "The request and its files are on its page in the dashboard.",
      ].join("\n"),
      related,
    },
    {
      kind: "service.client",
      to: request.email,
      subject: confirmation.subject,
      text: confirmation.text,
      related,
    },
  ];
}
