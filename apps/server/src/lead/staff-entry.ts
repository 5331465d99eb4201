import type { StaffLeadSource } from "@agency/domain";
import { auditRow } from "../audit/audit.ts";
import type { AuditLogTable } from "../db/schema.ts";
import type { OutgoingMail } from "../mail/outbox.ts";
import { type LeadTable, RELATED_TYPE } from "./tables.ts";

/** A lead a staff member entered (phone, walk-in, email) rather than a visitor's form. */
export type StaffEntry = {
  source: StaffLeadSource;
  notifyCustomer: boolean;
  actor: { userId: string; ip: string };
};

/**
 * The mails a new lead sends. A visitor's form: all of them. A staff entry (decision 0031):
 * never the agency's notice (the agency took the lead itself), and the customer's
 * confirmation (kind "<feature>.visitor") only when the staff member ticked it.
 */
export function mailsToSend(mails: OutgoingMail[], entry: StaffEntry | undefined): OutgoingMail[] {
  if (!entry) return mails;
  return entry.notifyCustomer ? mails.filter((mail) => mail.kind.endsWith(".visitor")) : [];
}

/** The audit row of a staff entry: who entered which lead, how it came in, whether mail went out. */
export function entryAuditRows(
  entry: StaffEntry | undefined,
  table: LeadTable,
  id: string,
  now: Date,
): AuditLogTable[] {
  if (!entry) return [];
  return [
    auditRow(
      {
        actorUserId: entry.actor.userId,
        action: "lead.entered",
        target: { type: RELATED_TYPE[table], id },
        ip: entry.actor.ip,
        details: { source: entry.source, notifyCustomer: entry.notifyCustomer },
      },
      now,
    ),
  ];
}
