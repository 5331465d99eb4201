/**
 * Row types of the database, as the repositories see them. Timestamps are ISO 8601 UTC
 * strings written by the application (never SQL defaults: SQLite and PostgreSQL format
 * them differently); booleans are stored as 0/1 integers so both engines agree; money is
 * stored in cents; lists are JSON text. See docs/decisions/0005-portable-column-types.md.
 */

type Flag = 0 | 1;

export type UsersTable = {
  id: string;
  email: string;
  password_hash: string | null;
  first_name: string;
  last_name: string;
  roles: string;
  is_admin: Flag;
  super_admin: Flag;
  is_verified: Flag;
  is_active: Flag;
  password_changed_at: string | null;
  created_at: string;
  updated_at: string;
  notifications_seen_at: string | null;
};

export type SessionsTable = {
  id: string;
  user_id: string;
  refresh_token_hash: string;
  /** The token before the last rotation, accepted for REFRESH_GRACE_MS after it. */
  previous_refresh_token_hash: string | null;
  rotated_at: string | null;
  is_persistent: Flag;
  created_at: string;
  last_used_at: string;
  expires_at: string;
  revoked_at: string | null;
};

export type AutoQuotesTable = {
  id: string;
  /** The person behind this lead (persons.id; decision 0066); null only before matching. */
  person_id: string | null;
  product: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  dob: string;
  vehicle_year: string;
  vehicle_make: string;
  vehicle_model: string;
  vin: string;
  mileage: string;
  primary_use: string;
  ownership: string;
  safety_features: string;
  liability: string;
  collision: Flag;
  comprehensive: Flag;
  deductible: number;
  uninsured_motorist: Flag;
  medical_payments: Flag;
  rental_reimbursement: Flag;
  roadside_assistance: Flag;
  quote_amount_cents: number;
  status: string;
  status_changed_at: string | null;
  /** The staff member working the lead (users.id), or null. */
  assigned_to: string | null;
  /** YYYY-MM-DD in the agency's time zone: the date of its next open task (decision 0067). */
  follow_up_on: string | null;
  /** When its next open task is due (ISO UTC), or NO_NEXT_TASK_AT. */
  next_task_at: string;
  lost_reason: string | null;
  lost_detail: string | null;
  archived_at: string | null;
  archived_by: string | null;
  /** "web", or how staff received it ("phone", "walk-in", "email"). */
  source: string;
  updated_at: string | null;
  /** Normalised names, email and phone digits: what a search matches. */
  search_text: string;
  /** A web lead's first touch (utm_source or referring host or "direct"; decision 0074); null for staff entries and leads from before. */
  first_touch_source: string | null;
  first_touch_medium: string | null;
  first_touch_campaign: string | null;
  /** When staff first acted on it (note, call, status change, email), set in that action's transaction. */
  first_response_at: string | null;
  /** Business seconds from arrival to first_response_at (domain businessSecondsBetween); null when not computed. */
  first_response_seconds: number | null;
  created_at: string;
};

export type QuoteDriversTable = {
  id: string;
  quote_id: string;
  position: number;
  first_name: string;
  last_name: string;
  dob: string;
  license_number: string;
  license_state: string;
  relationship: string;
  accidents: number;
  violations: number;
};

export type ContactsTable = {
  id: string;
  /** The person behind this lead (persons.id; decision 0066); null only before matching. */
  person_id: string | null;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  status: string;
  status_changed_at: string | null;
  /** The staff member working the lead (users.id), or null. */
  assigned_to: string | null;
  /** YYYY-MM-DD in the agency's time zone: the date of its next open task (decision 0067). */
  follow_up_on: string | null;
  /** When its next open task is due (ISO UTC), or NO_NEXT_TASK_AT. */
  next_task_at: string;
  lost_reason: string | null;
  lost_detail: string | null;
  archived_at: string | null;
  archived_by: string | null;
  /** "web", or how staff received it ("phone", "walk-in", "email"). */
  source: string;
  updated_at: string | null;
  /** Normalised names, email and phone digits: what a search matches. */
  search_text: string;
  /** A web lead's first touch (utm_source or referring host or "direct"; decision 0074); null for staff entries and leads from before. */
  first_touch_source: string | null;
  first_touch_medium: string | null;
  first_touch_campaign: string | null;
  /** When staff first acted on it (note, call, status change, email), set in that action's transaction. */
  first_response_at: string | null;
  /** Business seconds from arrival to first_response_at (domain businessSecondsBetween); null when not computed. */
  first_response_seconds: number | null;
  created_at: string;
};

export type AppointmentsTable = {
  id: string;
  /** The person behind this lead (persons.id; decision 0066); null only before matching. */
  person_id: string | null;
  name: string;
  email: string;
  /**
   * emailKey(email) (domain, decision 0048): the person the per-person booking limit
   * counts by. Written by the app with every row and every change of `email`.
   */
  email_key: string;
  phone: string;
  date: string;
  time: string;
  service: string;
  message: string;
  status: string;
  status_changed_at: string | null;
  /** The staff member working the lead (users.id), or null. */
  assigned_to: string | null;
  /** YYYY-MM-DD in the agency's time zone: the date of its next open task (decision 0067). */
  follow_up_on: string | null;
  /** When its next open task is due (ISO UTC), or NO_NEXT_TASK_AT. */
  next_task_at: string;
  lost_reason: string | null;
  lost_detail: string | null;
  archived_at: string | null;
  archived_by: string | null;
  /** "web", or how staff received it ("phone", "walk-in", "email"). */
  source: string;
  updated_at: string | null;
  /** Normalised names, email and phone digits: what a search matches. */
  search_text: string;
  /** A web lead's first touch (utm_source or referring host or "direct"; decision 0074); null for staff entries and leads from before. */
  first_touch_source: string | null;
  first_touch_medium: string | null;
  first_touch_campaign: string | null;
  /** When staff first acted on it (note, call, status change, email), set in that action's transaction. */
  first_response_at: string | null;
  /** Business seconds from arrival to first_response_at (domain businessSecondsBetween); null when not computed. */
  first_response_seconds: number | null;
  created_at: string;
  /**
   * Which of its slot's seats (1 … agents per slot) this appointment holds; null when it
   * holds none (cancelled, rescheduled, archived). Unique per (date, time). Decision 0033.
   */
  seat: number | null;
  /** sha256 (hex) of the manage link's token; null when there is no live link. Decision 0035. */
  manage_token_hash: string | null;
  /** The calendar invitation's UID (before "@host"), kept across moves. */
  ics_uid: string | null;
  /** The invitation's SEQUENCE: one more with each change. */
  ics_sequence: number;
  /** The appointment this one was moved from / to (the old row is kept, status Rescheduled). */
  rescheduled_from: string | null;
  rescheduled_to: string | null;
  cancelled_at: string | null;
  cancel_reason: string | null;
  /**
   * How many moves the visitor's manage link made on `visitor_moves_on` (a Central
   * YYYY-MM-DD; null before the first), carried to each new row of the booking: at most
   * MANAGE_LIMITS.visitorMovesPerDay a day (issue 24 §4).
   */
  visitor_moves_on: string | null;
  visitor_moves: number;
};

/** One person behind leads (issue 27 §1, decision 0066). */
export type PersonsTable = {
  id: string;
  first_name: string;
  last_name: string;
  /** normaliseEmail'd, or "" when none is known. */
  email: string;
  /** 10 digits, or "". */
  phone: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  preferred_contact: string | null;
  notes: string;
  /** leadSearchText of the person's name, email and phone. */
  search_text: string;
  /** Their newest lead's arrival (created_at when they have none). */
  latest_at: string;
  created_at: string;
  updated_at: string;
  /** Their live leads of each kind (not archived, a moved booking once), kept by triggers. */
  live_quotes: number;
  live_contacts: number;
  live_appointments: number;
};

/** A key a lead matches a person by: "e:" + personEmailKey or "p:" + personPhoneKey. */
export type PersonKeysTable = {
  key: string;
  person_id: string;
};

/**
 * A duplicate key of a person (decision 0071, `personDuplicateKeys`): people who share one
 * may be one person. Written by the server (db/duplicate-keys.ts).
 */
export type PersonDuplicateKeysTable = {
  key: string;
  person_id: string;
};

/** How many people hold each duplicate key, kept by triggers on `person_duplicate_keys`. */
export type DuplicateGroupsTable = {
  key: string;
  people: number;
};

/** One merge of two people (JSON columns: what moved), undoable for 30 days. */
export type PersonMergesTable = {
  id: string;
  kept_id: string;
  merged_id: string;
  /** The merged person's row as it was (JSON). */
  merged_row: string;
  /** The kept person's latest_at and created_at before (JSON). */
  kept_before: string;
  /** Lead ids per lead table that moved (JSON). */
  moved_leads: string;
  /** The keys that moved (JSON array). */
  moved_keys: string;
  created_at: string;
  created_by: string | null;
  undone_at: string | null;
};

/** How many people there are (one row, "all"), kept by triggers on persons. */
export type PersonTallyTable = {
  id: string;
  n: number;
};

export type PoliciesTable = {
  id: string;
  policy_number: string;
  holder_name: string;
  email: string;
  product: string;
  status: string;
  premium_cents: number;
  effective_date: string;
  expiration_date: string;
  created_at: string;
  /** The policyholder (decision 0072); null only for rows from before policies were issued here. */
  person_id: string | null;
  /** The lead it was issued from ("quote", "contact", "appointment"), if any. */
  lead_type: string | null;
  lead_id: string | null;
  carrier: string;
  line_of_business: string;
  term_months: number;
  /** The producing agent (users.id); null once that user is deleted. */
  /** The lead's source and first touch when issued from one (decision 0074); null otherwise. */
  lead_source: string | null;
  lead_first_touch_source: string | null;
  /** POLICY_ORIGINS: "issued" (new business), "renewal" (a next term) or "import". */
  origin: string;
  producer_id: string | null;
  cancel_date: string | null;
  cancel_reason: string | null;
  notes: string;
  /** JSON arrays copied from the quote an auto policy was issued from. */
  vehicles: string;
  drivers: string;
  updated_at: string;
  /** RENEWAL_STATES (migration 20261129020000, decision 0073). */
  renewal_state: string;
  /** The term this one renews (policies.id), if any; a term is renewed once. */
  renewal_of: string | null;
};

/** The renewal task made for a term, once (decision 0073). */
export type RenewalTasksTable = {
  policy_id: string;
  task_id: string;
  created_at: string;
};

/** A lost lead's current carrier and its renewal date (X-date), with its task (decision 0073). */
export type LeadXDatesTable = {
  lead_type: string;
  lead_id: string;
  carrier: string;
  x_date: string;
  task_id: string | null;
  updated_at: string;
  updated_by: string | null;
};

/** The column mapping last used with a header row (decision 0075). */
export type ImportMappingsTable = {
  /** SHA-256 (hex) of importHeaderKey(header). */
  header_hash: string;
  /** JSON array of the header's cells, as read. */
  header: string;
  /** JSON ImportMapping. */
  mapping: string;
  updated_by: string | null;
  updated_at: string;
};

export type SettingsTable = {
  key: string;
  value: string;
  updated_at: string;
  updated_by: string | null;
};

/** A closed day (no times) or range of slots [start_time, end_time) on one date (decision 0034). */
export type ClosuresTable = {
  id: string;
  date: string;
  start_time: string | null;
  end_time: string | null;
  reason: string;
  created_at: string;
  created_by: string | null;
};

export type IdempotencyKeysTable = {
  route: string;
  key: string;
  request_hash: string;
  status_code: number;
  response_body: string;
  created_at: string;
};

export type MailOutboxTable = {
  id: string;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  attachments: string;
  status: string;
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  related_type: string | null;
  related_id: string | null;
  created_at: string;
  sent_at: string | null;
  /**
   * Set when the message carries a one-time link: when that link expires. The stored body
   * is blanked once the message is sent, and its .eml copy deleted once this has passed.
   */
  secret_expires_at: string | null;
  /** Where replies go (a staff member's own address, decision 0068); null: to the sender. */
  reply_to: string | null;
  /** How many attempts before the row is failed; null: the sender's MAX_ATTEMPTS. */
  max_attempts: number | null;
  /**
   * 1: staff said it answers the person's own request, so it is transactional (decision
   * 0081); null otherwise.
   */
  answers_request: number | null;
};

/** An email staff wrote from the app (decision 0068); its delivery state is its outbox row's. */
export type StaffEmailsTable = {
  id: string;
  /** What it is about: a lead's RELATED_TYPE ("auto_quote", "contact", "appointment"). */
  about_type: string;
  about_id: string;
  outbox_id: string;
  to_address: string;
  subject: string;
  body: string;
  sender_user_id: string | null;
  sender_name: string;
  /** Attempts the outbox made before the last Retry restarted its count. */
  earlier_attempts: number;
  created_at: string;
};

export type EmailTemplatesTable = {
  id: string;
  name: string;
  /** The name lower-cased: unique, so two templates never share a name. */
  name_key: string;
  subject: string;
  body: string;
  created_at: string;
  updated_at: string;
  updated_by: string | null;
};

export type AuditLogTable = {
  id: string;
  actor_user_id: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  ip: string | null;
  details: string;
  created_at: string;
};

export type LoginFailuresTable = {
  id: string;
  email: string;
  ip: string;
  created_at: string;
};

export type PasswordTokensTable = {
  id: string;
  user_id: string;
  purpose: "reset" | "invite";
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  revoked_at: string | null;
};

/** Addresses an account has signed in from: exempt from the per-account ceiling. */
export type SignInAddressesTable = {
  user_id: string;
  ip: string;
  last_success_at: string;
};

/** One authenticator per user (decision 0023); only confirmed ones take part in sign-in. */
export type TwoFactorTable = {
  user_id: string;
  /** AES-256-GCM under a key derived from JWT_SECRET (auth/two-factor-crypto.ts). */
  secret_encrypted: string;
  /** null while the enrolment waits for its first code. */
  confirmed_at: string | null;
  /** The last TOTP time step accepted: a code at or before it is refused. */
  last_used_step: number | null;
  /** Wrong codes entered from Settings since last_failed_at's window began. */
  failed_attempts: number;
  last_failed_at: string | null;
  created_at: string;
  updated_at: string;
};

export type TwoFactorRecoveryCodesTable = {
  id: string;
  user_id: string;
  code_hash: string;
  used_at: string | null;
  created_at: string;
};

/** The step between a correct password and a session: hashed, short-lived, single-use. */
export type TwoFactorChallengesTable = {
  id: string;
  user_id: string;
  token_hash: string;
  purpose: "sign-in" | "enrol";
  /** "Remember me" from the first step, carried to the session. */
  is_persistent: Flag;
  attempts: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
};

/** A note or a logged call on a lead, by a staff member. */
export type LeadNotesTable = {
  id: string;
  lead_type: "auto_quote" | "contact" | "appointment" | "service_request";
  lead_id: string;
  author_user_id: string | null;
  kind: "note" | "call";
  body: string;
  /** How a call went ("reached", "left-voicemail", "no-answer"); null for a note. */
  outcome: string | null;
  created_at: string;
};

/** The bell: which items each user has opened. */
export type NotificationReadsTable = {
  user_id: string;
  item_type: string;
  item_id: string;
  read_at: string;
};

export type RateLimitCountersTable = {
  key: string;
  count: number;
  expires_at: string;
};

/** Live leads per table and UTC hour of arrival, kept by triggers (migration 20261125130000). */
export type LeadHourCountsTable = {
  lead_table: string;
  /** `created_at`'s first 13 characters: "2026-11-24T18". */
  hour: string;
  live: number;
};

/**
 * Live leads per table, UTC hour of arrival and what the report groups them by, kept by
 * triggers (migration 20261129050000, decision 0074).
 */
export type ReportHourTallyTable = {
  lead_table: string;
  /** `created_at`'s first 13 characters: "2026-11-24T18". */
  hour: string;
  /** '' for none. */
  assigned_to: string;
  source: string;
  /** '' for none. */
  first_touch_source: string;
  /** Whole business minutes to the first response; -1 not answered; -2 answered, not timed. */
  minutes: number;
  leads: number;
  won: number;
  lost: number;
};

/** Issued policies per UTC hour of issue and report group (migration 20261129050100). */
export type ReportPolicyTallyTable = {
  hour: string;
  /** '' for none (as the next two). */
  producer_id: string;
  lead_source: string;
  lead_first_touch_source: string;
  policies: number;
  premium_cents: number;
};

/** A visitor's reminder, queued once per appointment and start (migration 20261126120000). */
export type AppointmentRemindersTable = {
  appointment_id: string;
  /** The start the reminder was for, ISO 8601 UTC. */
  starts_at: string;
  queued_at: string;
  mail_id: string;
};

/** The agency's list of one business day's appointments, queued once per day. */
export type AgencyDayListsTable = {
  /** The listed day, YYYY-MM-DD on the agency's calendar. */
  day: string;
  queued_at: string;
  mail_id: string;
};

/**
 * A person linked into another's household (decision 0070): one row per member, naming the
 * household's primary person; the primary has no row.
 */
export type HouseholdMembersTable = {
  person_id: string;
  primary_person_id: string;
  /** A HOUSEHOLD_RELATIONSHIPS value: how the member is related to the primary. */
  relationship: string;
  created_at: string;
  updated_at: string;
};

/** A task (migration 20261129000100, decision 0067). */
export type TasksTable = {
  id: string;
  text: string;
  /** "quote", "contact", "appointment" or "person" (TASK_SUBJECT_KINDS). */
  subject_type: string;
  subject_id: string;
  /** ISO 8601 UTC. */
  due_at: string;
  /** users.id; null only for a follow-up of an unassigned lead carried over. */
  assigned_to: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
  completed_by: string | null;
};

/** An assignee's morning list of tasks, queued once per user and Central day. */
export type TaskDayListsTable = {
  user_id: string;
  day: string;
  queued_at: string;
  mail_id: string;
};

/** A Client Center request (issue 29, decision 0077): worked as a lead is. */
export type ServiceRequestsTable = {
  id: string;
  /** SR-YYYY-NNNNNN (domain formatServiceReference). */
  reference: string;
  /** One of SERVICE_KIND_VALUES. */
  kind: string;
  /** The person behind it (persons.id), matched as leads are; null only before matching. */
  person_id: string | null;
  name: string;
  email: string;
  phone: string;
  carrier: string;
  policy_number: string;
  /** The kind's own fields as JSON (domain serviceDetailsOf). */
  details: string;
  /** YYYY-MM-DD (Central): the business day it is due by. */
  due_on: string;
  status: string;
  status_changed_at: string | null;
  assigned_to: string | null;
  follow_up_on: string | null;
  next_task_at: string;
  lost_reason: string | null;
  lost_detail: string | null;
  archived_at: string | null;
  archived_by: string | null;
  source: string;
  updated_at: string | null;
  search_text: string;
  first_touch_source: string | null;
  first_touch_medium: string | null;
  first_touch_campaign: string | null;
  first_response_at: string | null;
  first_response_seconds: number | null;
  created_at: string;
};

/**
 * A privacy request (issue 30 §2, decision 0082). Unverified (verified_at null) it is never
 * listed and goes when its link expires; verified, it has its due date and its person.
 */
export type PrivacyRequestsTable = {
  id: string;
  /** One of PRIVACY_REQUEST_KINDS. */
  kind: string;
  name: string;
  email: string;
  /** Ten digits, or "" when none was given. */
  phone: string;
  details: string;
  /** SHA-256 of the emailed link's token (the token itself is never stored). */
  token_hash: string;
  token_expires_at: string;
  verified_at: string | null;
  /** YYYY-MM-DD (Central): 30 business days after verification; null before. */
  due_on: string | null;
  /** The person whose email matched when it was verified; null when nobody's did. */
  person_id: string | null;
  status: string;
  status_changed_at: string;
  assigned_to: string | null;
  answer: string | null;
  answered_at: string | null;
  answered_by: string | null;
  search_text: string;
  created_at: string;
};

/** A file sent with a request: its bytes, checked by content (decision 0077). */
export type ServiceAttachmentsTable = {
  id: string;
  request_id: string;
  /** Its place among the request's files, from 0. */
  position: number;
  name: string;
  /** The type its content showed (ATTACHMENT_TYPES). */
  type: string;
  size: number;
  sha256: string;
  data: Uint8Array;
  created_at: string;
};

/** The last reference number taken in each year. */
export type ServiceReferenceCountersTable = {
  year: number;
  last_number: number;
};

/** What a public submission showed and was told (decision 0080): one row per submission. */
export type SubmissionNoticesTable = {
  /** The record the submission made: "auto_quote", "contact", "appointment", "service_request". */
  subject_type: string;
  subject_id: string;
  person_id: string | null;
  /** PRIVACY_NOTICE's version shown, or "" when the form sent none (an old page, an API call). */
  notice_version: string;
  /** 1 when the optional call/text consent was ticked. */
  contact_consent: number;
  /** The ticked consent's wording version, or "". */
  consent_version: string;
  /** The form (CONSENT_FORMS), and the page it was on. */
  form: string;
  page: string;
  created_at: string;
};

/**
 * Every consent given or revoked, per person (decision 0080). Append-only: the database
 * refuses updates, and deletes of entries younger than five years, on both engines.
 */
export type ConsentLedgerTable = {
  id: string;
  person_id: string;
  event: "given" | "revoked";
  /** The consent wording's version for "given"; "" for a revocation (it covers every number). */
  wording_version: string;
  /** The 10-digit number a consent covers; "" for a revocation. */
  phone: string;
  /** How: "web-form", "phone-call" (staff recorded what was said), "email-link", "one-click" (a mail client's RFC 8058 POST). */
  via: string;
  /** The public form of a web consent (CONSENT_FORMS), else "". */
  form: string;
  /** The page of a web consent, else "". */
  page: string;
  /** The record it came with, if any. */
  subject_type: string | null;
  subject_id: string | null;
  /** The staff member who recorded it; null when the person did it themselves. */
  by_user_id: string | null;
  /** Staff's words on a revocation said by phone; "" otherwise. */
  note: string;
  created_at: string;
};

/** One disclosure of a person's information to someone outside the agency (decision 0083). */
export type DisclosuresTable = {
  id: string;
  person_id: string;
  /** YYYY-MM-DD: the day it was disclosed. */
  disclosed_on: string;
  /** To whom: a carrier, a lender, … */
  recipient: string;
  /** What was disclosed. */
  what: string;
  /** Why, and under what basis. */
  basis: string;
  /** The staff member who recorded it (users.id). */
  recorded_by: string | null;
  created_at: string;
};

export type Database = {
  disclosures: DisclosuresTable;
  submission_notices: SubmissionNoticesTable;
  consent_ledger: ConsentLedgerTable;
  privacy_requests: PrivacyRequestsTable;
  service_requests: ServiceRequestsTable;
  service_attachments: ServiceAttachmentsTable;
  service_reference_counters: ServiceReferenceCountersTable;
  staff_emails: StaffEmailsTable;
  email_templates: EmailTemplatesTable;
  users: UsersTable;
  sessions: SessionsTable;
  auto_quotes: AutoQuotesTable;
  quote_drivers: QuoteDriversTable;
  contacts: ContactsTable;
  appointments: AppointmentsTable;
  policies: PoliciesTable;
  import_mappings: ImportMappingsTable;
  persons: PersonsTable;
  person_keys: PersonKeysTable;
  person_duplicate_keys: PersonDuplicateKeysTable;
  duplicate_groups: DuplicateGroupsTable;
  household_members: HouseholdMembersTable;
  person_tally: PersonTallyTable;
  person_merges: PersonMergesTable;
  settings: SettingsTable;
  idempotency_keys: IdempotencyKeysTable;
  mail_outbox: MailOutboxTable;
  audit_log: AuditLogTable;
  login_failures: LoginFailuresTable;
  password_tokens: PasswordTokensTable;
  sign_in_addresses: SignInAddressesTable;
  rate_limit_counters: RateLimitCountersTable;
  two_factor: TwoFactorTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  two_factor_challenges: TwoFactorChallengesTable;
  lead_notes: LeadNotesTable;
  notification_reads: NotificationReadsTable;
  lead_hour_counts: LeadHourCountsTable;
  report_hour_tally: ReportHourTallyTable;
  report_policy_tally: ReportPolicyTallyTable;
  appointment_reminders: AppointmentRemindersTable;
  agency_day_lists: AgencyDayListsTable;
  closures: ClosuresTable;
  tasks: TasksTable;
  task_day_lists: TaskDayListsTable;
  renewal_tasks: RenewalTasksTable;
  lead_x_dates: LeadXDatesTable;
};
