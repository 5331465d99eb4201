import { CONTACT_STATUSES, defaultEmailSubject } from "@agency/domain";
import { ReplyIcon } from "../../../components/icons/index";
import { PhoneLink } from "../../../components/phone-link";
import { detailsOf, EditContactDetails } from "../../lead-entry";
import { EmailLink, MailAction } from "../email-link";
import { LeadPage } from "../lead/lead-page";
import { secondaryButtonClass } from "../list-controls";
import { fullName, replyHref, subjectLabel } from "./contacts-view";

/** One contact message's page: /dashboard/contacts/:id. */
export function ContactLead({ id }: { id: string }) {
  return (
    <LeadPage
      view="contacts"
      id={id}
      statuses={CONTACT_STATUSES}
      nameOf={fullName}
      emailOf={(contact) => contact.email}
      emailOpeningOf={(contact) => ({
        firstName: contact.firstName,
        subject: defaultEmailSubject({ type: "contact", subject: subjectLabel(contact.subject) }),
      })}
      summaryOf={(contact) => subjectLabel(contact.subject)}
      actions={(contact) => (
        <MailAction href={replyHref(contact)} className={secondaryButtonClass}>
          <ReplyIcon className="size-4" />
          Reply<span className="sr-only"> to {fullName(contact)}</span>
        </MailAction>
      )}
    >
      {(contact, patch) => (
        <div className="space-y-4">
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-600">Email</dt>
            <dd className="min-w-0 font-medium wrap-anywhere text-slate-900">
              <EmailLink email={contact.email} />
            </dd>
            <dt className="text-slate-600">Phone</dt>
            <dd className="font-medium text-slate-900">
              <PhoneLink phone={contact.phone} />
            </dd>
            <dt className="text-slate-600">Subject</dt>
            <dd className="font-medium text-slate-900">{subjectLabel(contact.subject)}</dd>
          </dl>
          <div>
            <h4 className="mb-1 text-sm font-bold tracking-wide text-navy-800 uppercase">
              Message
            </h4>
            <p className="rounded-lg bg-slate-50 p-3 text-sm wrap-anywhere whitespace-pre-line text-slate-800">
              {contact.message}
            </p>
          </div>
          <EditContactDetails
            kind="contact"
            id={contact._id}
            current={detailsOf(contact)}
            owner={fullName(contact)}
            onSaved={patch}
          />
        </div>
      )}
    </LeadPage>
  );
}
