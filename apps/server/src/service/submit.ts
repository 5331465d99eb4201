import { createHash } from "node:crypto";
import {
  AGENCY,
  addDays,
  DEFAULT_SERVICE_DUE_DAYS,
  formatCalendarDate,
  formatServiceReference,
  normaliseSearchText,
  parseCalendarDate,
  SEARCH_FIELD_SEPARATOR,
  SERVICE_MESSAGES,
  type ServiceRequest,
  ServiceRoutes,
  safeAttachmentName,
  serviceDetailsOf,
  serviceDueOn,
  serviceDueWindowDays,
  sniffAttachmentType,
  todayInAgencyZone,
} from "@agency/domain";
import type { Kysely } from "kysely";
import { submissionPrivacyRows } from "../consent/index.ts";
import { splitName } from "../db/person-matching.ts";
import type { Database, ServiceAttachmentsTable, ServiceRequestsTable } from "../db/schema.ts";
import { newLeadColumns } from "../lead/index.ts";
import { runIdempotent, type StoredResponse, storedReplay } from "../lib/idempotency.ts";
import { newId, nowIso } from "../lib/ids.ts";
import { outboxRows } from "../mail/outbox.ts";
import { serviceMails } from "./mail.ts";
import { readDueDays, takeReferenceNumber, wholeDayClosures } from "./repository.ts";

/** The public route's answer: 201 with the id, the reference and the arrival. */
export type ServiceSubmitted = StoredResponse<typeof ServiceRoutes.send>;

/** What is stored of a request: the form's fields without the trap and the display phone. */
export type StoredServiceRequest = Omit<ServiceRequest, "website" | "formattedPhone">;

function submitted(id: string, reference: string, createdAt: string): ServiceSubmitted {
  return {
    statusCode: 201,
    body: {
      success: true,
      message: SERVICE_MESSAGES.successTitle,
      data: { _id: id, reference, createdAt },
    },
  };
}

/** The Central day a request arriving at `now` is due by, under the Settings' rule. */
export async function dueOnFor(db: Kysely<Database>, now: Date): Promise<string> {
  const days = (await readDueDays(db))?.days ?? DEFAULT_SERVICE_DUE_DAYS;
  const today = todayInAgencyZone(now);
  const start = parseCalendarDate(today);
  if (!start) throw new Error("today is not a date");
  const last = formatCalendarDate(addDays(start, serviceDueWindowDays(days)));
  return serviceDueOn(now, days, await wholeDayClosures(db, today, last));
}

/** The files' rows: bytes decoded, type read from the content (the schema checked it). */
function attachmentRows(
  request: StoredServiceRequest,
  requestId: string,
  createdAt: string,
): ServiceAttachmentsTable[] {
  return request.attachments.map((file, position) => {
    const data = Buffer.from(file.data, "base64");
    const type = sniffAttachmentType(data.subarray(0, 12));
    // The schema refused anything else; a file that got here unchecked is a bug.
    if (!type) throw new Error("an attachment of no known type reached the store");
    return {
      id: newId(),
      request_id: requestId,
      position,
      name: safeAttachmentName(file.name),
      type,
      size: data.length,
      sha256: createHash("sha256").update(data).digest("hex"),
      data,
      created_at: createdAt,
    };
  });
}

/**
 * Stores a Client Center request with its files, matched to its person as a lead is, and
 * queues the agency's notice and the client's confirmation: all in one transaction, at most
 * once per Idempotency-Key (a retry answers the first request's reference).
 */
export async function submitServiceRequest(
  db: Kysely<Database>,
  input: StoredServiceRequest,
  options: {
    idempotencyKey: string | string[] | undefined;
    notifyEmail: string | undefined;
    publicUrl: string | undefined;
    now: Date;
  },
): Promise<ServiceSubmitted> {
  const { attachments: _files, ...fields } = input;
  const idempotent = {
    route: ServiceRoutes.send,
    key: options.idempotencyKey,
    payload: input,
  };
  // A retry of a stored request answers it without taking another number.
  const replay = await storedReplay(db, idempotent, options.now);
  if (replay) return replay;
  const now = options.now;
  const createdAt = nowIso(now);
  const year = Number(todayInAgencyZone(now).slice(0, 4));
  const [number, dueOn] = await Promise.all([takeReferenceNumber(db, year), dueOnFor(db, now)]);
  const reference = formatServiceReference(year, number);
  return runIdempotent(
    db,
    idempotent,
    () => {
      const id = newId();
      const person = { name: fields.name, email: fields.email, phone: fields.phone };
      const lead = newLeadColumns(person, "web");
      const row: ServiceRequestsTable = {
        id,
        reference,
        kind: fields.kind,
        name: fields.name,
        email: fields.email,
        phone: fields.phone,
        carrier: fields.carrier,
        policy_number: fields.policyNumber,
        details: JSON.stringify(serviceDetailsOf(input as ServiceRequest)),
        due_on: dueOn,
        status: "new",
        status_changed_at: createdAt,
        created_at: createdAt,
        ...lead,
        // A client's request is no marketing lead: no first touch (decision 0077).
        first_touch_source: null,
        first_touch_medium: null,
        first_touch_campaign: null,
        // The reference finds it too ("SR-2026-000123").
        search_text: `${lead.search_text}${SEARCH_FIELD_SEPARATOR}${normaliseSearchText(reference)}`,
      };
      const mails = serviceMails(
        { kind: fields.kind, name: fields.name, email: fields.email, reference },
        {
          id,
          notifyEmail: options.notifyEmail ?? AGENCY.email,
          publicUrl: options.publicUrl ?? AGENCY.siteUrl,
        },
      );
      const privacy = submissionPrivacyRows(
        { type: "service_request", id },
        fields.privacy,
        fields.phone,
        now,
      );
      return {
        people: [
          {
            claim: { ...splitName(fields.name), ...person, at: createdAt },
            lead: row,
            also: privacy.also,
          },
        ],
        inserts: [
          { table: "service_requests", rows: [row] },
          { table: "service_attachments", rows: attachmentRows(input, id, createdAt) },
          { table: "mail_outbox", rows: outboxRows(mails, now) },
          ...privacy.inserts,
        ],
        response: submitted(id, reference, createdAt),
      };
    },
    () => now,
  );
}

/**
 * What a robot that filled the trap sees: the same answer with a made-up reference, nothing
 * stored, no number taken and no mail sent.
 */
export function pretendServiceSubmitted(now: Date): ServiceSubmitted {
  const year = Number(todayInAgencyZone(now).slice(0, 4));
  const number = 1 + Math.floor(Math.random() * 999_999);
  return submitted(newId(), formatServiceReference(year, number), nowIso(now));
}
