import {
  AGENCY,
  CONTACT_MESSAGES,
  type ContactMessage,
  type ContactRecord,
  ContactRoutes,
  type ContactSortKey,
  type FirstTouch,
  LeadEntryRoutes,
  type ListQuery,
  type PrivacyField,
} from "@agency/domain";
import type { Kysely } from "kysely";
import { submissionPrivacyRows } from "../consent/index.ts";
import type { ContactsTable, Database } from "../db/schema.ts";
import {
  entryAuditRows,
  findLeadRow,
  type ListSpec,
  listBatches,
  listPageIds,
  mailsToSend,
  newLeadColumns,
  rowsByIds,
  type StaffEntry,
  toLeadWork,
} from "../lead/index.ts";
import { runIdempotent, type StoredResponse } from "../lib/idempotency.ts";
import { newId, nowIso } from "../lib/ids.ts";
import { outboxRows } from "../mail/outbox.ts";
import { contactMails } from "./mail.ts";

/** What is stored of a message: the form's fields without the robot check and the display phone. */
export type StoredContact = Omit<ContactMessage, "notRobot" | "formattedPhone"> & {
  /** The visitor's first touch (a public form's; decision 0074). */
  leadSource?: FirstTouch | undefined;
  /** The notice shown and the optional consent (decision 0080); staff entries have none. */
  privacy?: PrivacyField | undefined;
};

/** The answer of both routes that take a message (the form's and staff's): 201 ContactSent. */
export type ContactSubmitted = StoredResponse<typeof ContactRoutes.send>;

function submitted(id: string, createdAt: string): ContactSubmitted {
  return {
    statusCode: 201,
    body: { success: true, message: CONTACT_MESSAGES.successTitle, data: { _id: id, createdAt } },
  };
}

/**
 * Stores the message and queues the agency's notice and the visitor's confirmation; a
 * message staff entered (`entry`) is audited and mailed as decision 0031 says.
 */
export function submitContact(
  db: Kysely<Database>,
  contact: StoredContact,
  options: {
    idempotencyKey: string | string[] | undefined;
    notifyEmail: string | undefined;
    /** Where the site is (PUBLIC_URL), for the lead's link in the agency's notice. */
    publicUrl?: string;
    /** The app's clock: when the message arrived. */
    now?: Date;
    entry?: StaffEntry;
  },
): Promise<ContactSubmitted> {
  const { entry } = options;
  return runIdempotent<typeof ContactRoutes.send | typeof LeadEntryRoutes.enterContact>(
    db,
    {
      route: entry ? LeadEntryRoutes.enterContact : ContactRoutes.send,
      key: options.idempotencyKey,
      payload: entry ? { ...contact, source: entry.source, notify: entry.notifyCustomer } : contact,
    },
    () => {
      const now = options.now ?? new Date();
      const id = newId();
      const createdAt = nowIso(now);
      const row: ContactsTable = {
        id,
        first_name: contact.firstName,
        last_name: contact.lastName,
        email: contact.email,
        phone: contact.phone,
        subject: contact.subject,
        message: contact.message,
        status: "new",
        status_changed_at: createdAt,
        created_at: createdAt,
        ...newLeadColumns(contact, entry?.source, contact.leadSource),
      };
      const notifyEmail = options.notifyEmail ?? AGENCY.email;
      const publicUrl = options.publicUrl ?? AGENCY.siteUrl;
      const mails = mailsToSend(contactMails(contact, { id, notifyEmail, publicUrl }), entry);
      const privacy = submissionPrivacyRows(
        { type: "contact", id },
        contact.privacy,
        contact.phone,
        now,
        entry,
      );
      return {
        people: [{ claim: { ...contact, at: createdAt }, lead: row, also: privacy.also }],
        inserts: [
          { table: "contacts", rows: [row] },
          { table: "mail_outbox", rows: outboxRows(mails, now) },
          { table: "audit_log", rows: entryAuditRows(entry, "contacts", id, now) },
          ...privacy.inserts,
        ],
        response: submitted(id, createdAt),
      };
    },
  );
}

/**
 * What a bot that filled the honeypot sees: the same success, with nothing stored and no
 * mail sent, so it learns nothing about the trap.
 */
export function pretendSubmitted(): ContactSubmitted {
  return submitted(newId(), nowIso());
}

export const CONTACT_LIST: ListSpec<"contacts", ContactSortKey> = {
  table: "contacts",
  sorts: {
    date: ["created_at"],
    name: ["last_name", "first_name"],
    email: ["email"],
    nextTask: ["next_task_at"],
  },
  defaultSort: { key: "date", direction: "desc" },
};

export function toContactRecord(row: ContactsTable): ContactRecord {
  return {
    _id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    subject: row.subject,
    message: row.message,
    createdAt: row.created_at,
    status: row.status,
    statusChangedAt: row.status_changed_at ?? row.created_at,
    source: row.source,
    archivedAt: row.archived_at,
    ...toLeadWork(row),
  };
}

/** The ids of one page of messages, in list order, and the total. */
export function contactPage(
  db: Kysely<Database>,
  params: ListQuery,
  now: Date,
): Promise<{ ids: string[]; total: number }> {
  return listPageIds(db, CONTACT_LIST, params, now);
}

/** These messages in the list's shape, in the order of `ids`. */
export async function readContacts(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<ContactRecord[]> {
  return (await rowsByIds(db, "contacts", ids)).map(toContactRecord);
}

/** Every message the filters match, in list order and the list's shape, a batch at a time. */
export async function* contactBatches(
  db: Kysely<Database>,
  params: ListQuery,
  now: Date,
  batchSize: number,
): AsyncGenerator<ContactRecord[]> {
  for await (const rows of listBatches(db, CONTACT_LIST, params, now, batchSize)) {
    yield rows.map(toContactRecord);
  }
}

/** One message in the API's shape, or undefined. */
export async function findContact(
  db: Kysely<Database>,
  id: string,
): Promise<ContactRecord | undefined> {
  const row = await findLeadRow(db, "contacts", id);
  return row ? toContactRecord(row) : undefined;
}
