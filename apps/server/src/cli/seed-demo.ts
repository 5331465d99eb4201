// First: a bad agency profile stops the tool with one line per problem, as `npm start` does.
import "../agency-profile-gate.ts";
import { parseArgs } from "node:util";
import {
  AGENCY,
  APPOINTMENT_SERVICES,
  APPOINTMENT_STATUSES,
  addDays,
  CONTACT_STATUSES,
  CONTACT_SUBJECT_VALUES,
  emailKey,
  estimateMonthlyPremium,
  formatCalendarDate,
  holdsSlot,
  LIABILITY_LEVELS,
  LINE_OF_BUSINESS_LABELS,
  type LineOfBusiness,
  MILEAGE_BAND_VALUES,
  type PolicyStatus,
  type PolicyTerm,
  parseCalendarDate,
  policyExpiration,
  QUOTE_STATUSES,
  renewalStateOf,
  SAFETY_FEATURES,
  type TaskSubjectKind,
  TIME_SLOTS,
  taskDueAt,
  taskDueParts,
  todayInAgencyZone,
  VEHICLE_BODY_TYPES,
  VEHICLE_MAKES,
  vehicleYears,
} from "@agency/domain";
import { type Kysely, sql } from "kysely";
import { newManageColumns } from "../appointment/columns.ts";
import { ConfigError, loadConfig } from "../config.ts";
import { openDatabase } from "../db/database.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { attachPeople, type PersonClaim, splitName } from "../db/person-matching.ts";
import type {
  AppointmentsTable,
  ContactsTable,
  Database,
  PoliciesTable,
  TasksTable,
} from "../db/schema.ts";
import { newLeadColumns } from "../lead/new-lead-columns.ts";
import { newId } from "../lib/ids.ts";
import type { DriverRow, QuoteRow } from "../quote/repository.ts";
import { LEAD_TABLE_OF, type LeadKind } from "../task/repository.ts";

const FIRST = [
  "Anna",
  "Erik",
  "Maria",
  "Jamal",
  "Mai",
  "Lars",
  "Fatima",
  "Noah",
  "Sofia",
  "Hamza",
  "Ingrid",
  "Luis",
  "Hodan",
  "Ole",
  "Grace",
  "Tou",
  "Kari",
  "Ahmed",
  "Emma",
  "Pa Nhia",
];
const LAST = [
  "Johnson",
  "Anderson",
  "Nguyen",
  "Olson",
  "Vang",
  "Larson",
  "Ali",
  "Peterson",
  "Hernandez",
  "Lee",
  "Nelson",
  "Xiong",
  "Hassan",
  "Swanson",
  "Thao",
  "Berg",
  "Garcia",
  "Lindqvist",
  "Her",
  "Carlson",
];
/** Minnesota's area codes; the exchanges 555 to 564. */
const AREA_CODES = ["612", "651", "763", "952", "320", "507", "218"];
/** Demo customers live in Minnesota, where the agency is licensed (the spec), never at its own address. */
const CITIES = [
  ["Minneapolis", "55408"],
  ["Saint Paul", "55104"],
  ["Edina", "55424"],
  ["Bloomington", "55420"],
  ["Roseville", "55113"],
  ["Richfield", "55423"],
  ["Brooklyn Park", "55443"],
  ["Eagan", "55122"],
] as const;
const STREETS = [
  "Nicollet Ave",
  "Grand Ave",
  "Hennepin Ave",
  "Snelling Ave",
  "Lake St",
  "Cedar Ave",
  "University Ave",
  "Minnehaha Pkwy",
];
const MESSAGES = [
  "We just bought a house in Roseville and need a homeowners quote before closing.",
  "Our renewal went up 22% this year. Can you shop our auto and home together?",
  "I'm starting a small landscaping business and need general liability and a commercial auto policy.",
  "My daughter just got her license. What does adding a teen driver do to our premium?",
  "Hail damaged our roof last summer; I want to understand my wind/hail deductible.",
  "Looking for renters insurance for an apartment downtown, ideally under $20 a month.",
  "Do you write policies for lake cabins up north? Ours is near Brainerd.",
];

/** A small deterministic generator, so two seeds with the same count match. */
function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return {
    next,
    pick,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
  };
}

const DAY_MS = 86_400_000;
const BATCH = 500;

export async function seedDemo(
  db: Kysely<Database>,
  count: number,
  now = new Date(),
  options: { people?: boolean } = {},
): Promise<void> {
  const random = createRandom(count);
  const createdAt = () => new Date(now.getTime() - random.next() * 90 * DAY_MS).toISOString();
  const emailOf = (first: string, last: string) =>
    `${first}.${last}.${random.int(1, 9999)}@example.com`.toLowerCase().replace(/\s+/g, "");
  const phone = () =>
    `${random.pick(AREA_CODES)}${random.int(555, 564)}${String(random.int(0, 9999)).padStart(4, "0")}`;
  type Person = { first: string; last: string; email: string; phone: string };
  const seen: Person[] = [];
  /**
   * Who sent a lead: two times in three someone seen before (issue 27 §1: one person behind
   * several leads), with the same email and phone, or a new email, or a new phone; else
   * someone new. About `count` people behind `count` leads of each kind.
   */
  const person = (): Person => {
    if (seen.length > 0 && random.next() < 2 / 3) {
      const known = random.pick(seen);
      const change = random.next();
      if (change < 0.5) return known;
      return change < 0.75
        ? { ...known, email: emailOf(known.first, known.last) }
        : { ...known, phone: phone() };
    }
    const first = random.pick(FIRST);
    const last = random.pick(LAST);
    const made = { first, last, email: emailOf(first, last), phone: phone() };
    seen.push(made);
    return made;
  };

  for (let start = 0; start < count; start += BATCH) {
    const size = Math.min(BATCH, count - start);
    await db.transaction().execute(async (trx) => {
      const quotes: QuoteRow[] = [];
      const drivers: DriverRow[] = [];
      const contacts: ContactsTable[] = [];
      for (let i = 0; i < size; i += 1) {
        const p = person();
        const [city, zip] = random.pick(CITIES);
        const id = newId();
        const created = createdAt();
        const status = random.pick(QUOTE_STATUSES);
        const driverCount = random.int(1, 3);
        const features = SAFETY_FEATURES.filter(() => random.next() < 0.5);
        const incidents = Array.from({ length: driverCount }, () => ({
          accidents: random.int(0, 1),
          violations: random.int(0, 2),
        }));
        const year = random.pick(vehicleYears(now));
        const liability = random.pick(LIABILITY_LEVELS);
        const deductible = random.pick([250, 500, 750, 1000, 1500, 2000] as const);
        const amount = estimateMonthlyPremium({
          vehicleInfo: { year, safetyFeatures: features },
          drivers: incidents,
          coverage: { liability, deductible },
        });
        quotes.push({
          id,
          product: "Auto",
          first_name: p.first,
          last_name: p.last,
          email: p.email,
          phone: p.phone,
          address: `${random.int(100, 9999)} ${random.pick(STREETS)}`,
          city,
          state: "MN",
          zip,
          dob: `19${random.int(50, 99)}-0${random.int(1, 9)}-1${random.int(0, 9)}`,
          vehicle_year: year,
          vehicle_make: random.pick(VEHICLE_MAKES),
          vehicle_model: random.pick(VEHICLE_BODY_TYPES),
          vin: "",
          mileage: random.pick(MILEAGE_BAND_VALUES),
          primary_use: "personal",
          ownership: "owned",
          safety_features: JSON.stringify(features),
          liability,
          collision: 1 as const,
          comprehensive: 1 as const,
          deductible,
          uninsured_motorist: 1 as const,
          medical_payments: 1 as const,
          rental_reimbursement: 0 as const,
          roadside_assistance: 0 as const,
          quote_amount_cents: Math.round(amount * 100),
          status,
          status_changed_at: created,
          created_at: created,
          ...newLeadColumns({
            firstName: p.first,
            lastName: p.last,
            email: p.email,
            phone: p.phone,
          }),
        });
        incidents.forEach((incident, position) => {
          const d = position === 0 ? p : person();
          drivers.push({
            id: newId(),
            quote_id: id,
            position,
            first_name: d.first,
            last_name: d.last,
            dob: `19${random.int(50, 99)}-0${random.int(1, 9)}-2${random.int(0, 8)}`,
            license_number: `${d.last.charAt(0)}${String(random.int(0, 999_999_999_999)).padStart(12, "0")}`,
            license_state: "MN",
            relationship:
              position === 0 ? "primary" : random.pick(["spouse", "child", "additional"]),
            accidents: incident.accidents,
            violations: incident.violations,
          });
        });
        const c = person();
        const contactCreated = createdAt();
        contacts.push({
          id: newId(),
          first_name: c.first,
          last_name: c.last,
          email: c.email,
          phone: c.phone,
          subject: random.pick(CONTACT_SUBJECT_VALUES),
          message: random.pick(MESSAGES),
          status: random.pick(CONTACT_STATUSES),
          status_changed_at: contactCreated,
          created_at: contactCreated,
          ...newLeadColumns({
            firstName: c.first,
            lastName: c.last,
            email: c.email,
            phone: c.phone,
          }),
        });
      }
      await trx.insertInto("auto_quotes").values(quotes).execute();
      for (let j = 0; j < drivers.length; j += 200)
        await trx
          .insertInto("quote_drivers")
          .values(drivers.slice(j, j + 200))
          .execute();
      await trx.insertInto("contacts").values(contacts).execute();
    });
  }

  // Appointments fill consecutive weekday slots going back from today, one per slot.
  const taken = new Set(
    (await db.selectFrom("appointments").select(["date", "time"]).execute()).map(
      (r) => `${r.date} ${r.time}`,
    ),
  );
  const appointments: AppointmentsTable[] = [];
  let day = new Date(now.getTime() + 60 * DAY_MS);
  while (appointments.length < count) {
    const weekday = day.getUTCDay();
    if (weekday !== 0 && weekday !== 6) {
      const date = day.toISOString().slice(0, 10);
      for (const time of TIME_SLOTS) {
        if (appointments.length >= count || taken.has(`${date} ${time}`)) continue;
        const a = person();
        const created = createdAt();
        const status = random.pick(APPOINTMENT_STATUSES);
        const id = newId();
        appointments.push({
          id,
          ...newManageColumns(id),
          name: `${a.first} ${a.last}`,
          email: a.email,
          email_key: emailKey(a.email),
          phone: a.phone,
          date,
          time,
          service: random.pick(APPOINTMENT_SERVICES),
          message: random.next() < 0.5 ? random.pick(MESSAGES) : "",
          status,
          status_changed_at: created,
          created_at: created,
          ...newLeadColumns({ name: `${a.first} ${a.last}`, email: a.email, phone: a.phone }),
          seat: holdsSlot(status) ? 1 : null,
        });
      }
    }
    day = new Date(day.getTime() - DAY_MS);
  }
  for (let j = 0; j < appointments.length; j += BATCH) {
    await db
      .insertInto("appointments")
      .values(appointments.slice(j, j + BATCH))
      .execute();
  }
  if (options.people !== false) await linkLeadsToPeople(db);
}

/** A quote's mailing address and date of birth as its claim carries them; nothing for other leads. */
function quoteParts(row: object): { address?: PersonClaim["address"]; dob?: string } {
  if (!("dob" in row)) return {};
  const quote = row as { address: string; city: string; state: string; zip: string; dob: string };
  return {
    address: { street: quote.address, city: quote.city, state: quote.state, zip: quote.zip },
    dob: quote.dob,
  };
}

/**
 * Attaches every lead without a person to one, oldest first, by the rule new leads follow
 * (db/person-matching.ts): the seed writes its rows directly, as the forms never would.
 */
export async function linkLeadsToPeople(db: Kysely<Database>): Promise<void> {
  for (const table of ["auto_quotes", "contacts", "appointments"] as const) {
    for (;;) {
      const rows =
        table === "appointments"
          ? await db
              .selectFrom("appointments")
              .select(["id", "name", "email", "phone", "created_at"])
              .where("person_id", "is", null)
              .orderBy("created_at")
              .limit(BATCH)
              .execute()
          : table === "auto_quotes"
            ? await db
                .selectFrom("auto_quotes")
                .select([
                  "id",
                  "first_name",
                  "last_name",
                  "email",
                  "phone",
                  "address",
                  "city",
                  "state",
                  "zip",
                  "dob",
                  "created_at",
                ])
                .where("person_id", "is", null)
                .orderBy("created_at")
                .limit(BATCH)
                .execute()
            : await db
                .selectFrom(table)
                .select(["id", "first_name", "last_name", "email", "phone", "created_at"])
                .where("person_id", "is", null)
                .orderBy("created_at")
                .limit(BATCH)
                .execute();
      if (rows.length === 0) break;
      await db.transaction().execute(async (trx) => {
        const links = rows.map((row) => ({
          claim: {
            ...("name" in row
              ? splitName(row.name)
              : { firstName: row.first_name, lastName: row.last_name }),
            email: row.email,
            phone: row.phone,
            // A quote's mailing address and date of birth, as the form's claim has them.
            ...quoteParts(row),
            at: row.created_at,
          },
          lead: { person_id: null as string | null },
        }));
        await attachPeople(trx, links);
        const cases = sql.join(
          rows.map((row, i) => sql`when ${row.id} then ${links[i]?.lead.person_id ?? null}`),
          sql` `,
        );
        await sql`update ${sql.table(table)} set person_id = case id ${cases} end where id in (${sql.join(rows.map((row) => row.id))})`.execute(
          trx,
        );
      });
    }
  }
}

const TASK_TEXTS = [
  "Call back about the renewal",
  "Send the auto quote",
  "Ask for the declarations page of the current policy",
  "Follow up",
  "Check on the roof inspection",
  "Confirm the consultation by phone",
  "Quote home and auto together",
  "Ask about the teen driver's license date",
  "Email the umbrella options",
  "Call back: left a voicemail on Monday",
];
/** Tasks per lead of each kind: 100,000 of each make about 30,000 tasks (issue 27 §5). */
const TASKS_PER_LEAD = 0.3;
/** The share of all tasks the first assignee holds: their "My tasks" is the worst case. */
const BUSIEST_SHARE = 0.3;

/**
 * A working agency's tasks over the seeded leads and people (issue 27 §5: "My tasks" timed
 * at 100,000): `count × 0.3` tasks, a fifth about people and the rest about leads of each
 * kind; nearly half open (overdue, due today, upcoming, open ones only on leads still being
 * worked) and the rest done. The first of `assignees` holds 30% of them (the bench signs in
 * as them, so theirs is the longest "My tasks"), 1% have nobody (carried over, decision
 * 0067) and the others share the rest. Each lead's `next_task_at` and `follow_up_on` are
 * then set by the rule the task service keeps (its soonest open task, and that task's
 * Central date). Answers how many tasks were made.
 */
/** The leads the demo's tasks are about (the demo seeds no Client Center requests). */
export const DEMO_TASK_LEAD_KINDS = [
  "quote",
  "contact",
  "appointment",
] as const satisfies readonly LeadKind[];

export async function seedDemoTasks(
  db: Kysely<Database>,
  count: number,
  assignees: readonly string[],
  now = new Date(),
): Promise<number> {
  if (assignees.length === 0) return 0;
  const random = createRandom(count + 27);
  const total = Math.round(count * TASKS_PER_LEAD);
  const kinds = DEMO_TASK_LEAD_KINDS;
  const live = new Map<LeadKind, string[]>();
  const all = new Map<LeadKind, string[]>();
  for (const kind of kinds) {
    const rows = await db
      .selectFrom(LEAD_TABLE_OF[kind])
      .select(["id", "status", "archived_at"])
      .orderBy("id")
      .execute();
    all.set(
      kind,
      rows.map((row) => row.id),
    );
    live.set(
      kind,
      rows
        .filter((row) => row.archived_at === null && row.status !== "won" && row.status !== "lost")
        .map((row) => row.id),
    );
  }
  const people = (await db.selectFrom("persons").select("id").orderBy("id").execute()).map(
    (row) => row.id,
  );
  const today = parseCalendarDate(todayInAgencyZone(now));
  if (!today) throw new Error("no agency date for now");
  /** An instant `days` Central days from today, at an office time (8:00 to 17:30). */
  const dueOn = (days: number) => {
    const half = random.int(16, 35);
    const time = `${String(Math.floor(half / 2)).padStart(2, "0")}:${half % 2 ? "30" : "00"}`;
    return taskDueAt(formatCalendarDate(addDays(today, days)), time);
  };
  const owner = () => {
    const roll = random.next();
    if (roll < 0.01) return null;
    if (roll < 0.01 + BUSIEST_SHARE || assignees.length === 1) return assignees[0] as string;
    return assignees[random.int(1, assignees.length - 1)] as string;
  };
  const nowMs = now.getTime();
  const iso = (ms: number) => new Date(Math.min(ms, nowMs)).toISOString();
  const HOUR_MS = 3_600_000;

  let made = 0;
  for (let start = 0; start < total; start += BATCH) {
    const rows: TasksTable[] = [];
    for (let i = 0; i < Math.min(BATCH, total - start); i += 1) {
      const isOpen = random.next() < 0.45;
      const onPerson = people.length > 0 && random.next() < 0.2;
      const kind: TaskSubjectKind = onPerson ? "person" : random.pick(kinds);
      const pool = onPerson ? people : (isOpen ? live : all).get(kind as LeadKind);
      if (!pool || pool.length === 0) continue;
      const roll = random.next();
      const dueAt = !isOpen
        ? dueOn(-random.int(1, 90))
        : roll < 0.3
          ? dueOn(-random.int(1, 30))
          : roll < 0.4
            ? dueOn(0)
            : dueOn(random.int(1, 45));
      const dueMs = Date.parse(dueAt);
      const createdMs = Math.min(dueMs, nowMs) - random.int(1, 240) * HOUR_MS;
      const assignee = owner();
      const completedMs = isOpen ? null : dueMs + random.int(-24, 48) * HOUR_MS;
      rows.push({
        id: newId(createdMs),
        text: random.pick(TASK_TEXTS),
        subject_type: kind,
        subject_id: random.pick(pool),
        due_at: dueAt,
        assigned_to: assignee,
        created_by: assignee ?? (assignees[0] as string),
        created_at: iso(createdMs),
        updated_at: iso(completedMs ?? createdMs),
        completed_at: completedMs === null ? null : iso(Math.max(completedMs, createdMs)),
        completed_by: completedMs === null ? null : (assignee ?? (assignees[0] as string)),
      });
    }
    if (rows.length > 0) await db.insertInto("tasks").values(rows).execute();
    made += rows.length;
  }
  await refreshNextTasks(db);
  return made;
}

/** Carriers of the seeded book: the profile's, and one typed in as "Other". */
const POLICY_CARRIERS = [...AGENCY.carriers.map((carrier) => carrier.name), "Other Mutual"];
/** Lines of the seeded book with their weights (auto and home most of it, as in a real book). */
const POLICY_LINES: readonly (readonly [LineOfBusiness, number])[] = [
  ["auto", 0.45],
  ["home", 0.25],
  ["renters", 0.07],
  ["condo", 0.04],
  ["umbrella", 0.05],
  ["motorcycle", 0.03],
  ["boat", 0.02],
  ["rv", 0.02],
  ["commercial-auto", 0.03],
  ["general-liability", 0.02],
  ["bop", 0.02],
];

/**
 * The bench's book (issue 28 §5): `count` policies among the seeded people (most have one,
 * some two or three), issued over the last two years, 6- or 12-month terms, premiums in
 * cents, one of `producers` each; 85% active (a slice expiring in the next 90 days, for the
 * renewals page), the rest cancelled, expired or non-renewed. Returns how many were made.
 */
export async function seedDemoPolicies(
  db: Kysely<Database>,
  count: number,
  producers: readonly string[],
  now = new Date(),
): Promise<number> {
  const random = createRandom(count + 28);
  const people = await db
    .selectFrom("persons")
    .select(["id", "first_name", "last_name", "email"])
    .orderBy("id")
    .execute();
  if (people.length === 0 || producers.length === 0) return 0;
  const today = parseCalendarDate(todayInAgencyZone(now));
  if (!today) throw new Error("no agency date for now");
  const line = () => {
    let roll = random.next();
    for (const [value, weight] of POLICY_LINES) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return "other" as LineOfBusiness;
  };
  const nowMs = now.getTime();
  let made = 0;
  for (let start = 0; start < count; start += BATCH) {
    const rows: PoliciesTable[] = [];
    for (let i = start; i < Math.min(count, start + BATCH); i += 1) {
      // Most people hold one policy; every seventh policy goes to someone who has one already.
      const person =
        i < people.length && i % 7 !== 6
          ? (people[i] as (typeof people)[number])
          : random.pick(people);
      const lineOfBusiness = line();
      const term: PolicyTerm = lineOfBusiness === "auto" && random.next() < 0.5 ? 6 : 12;
      const roll = random.next();
      // An active policy's term has not ended: effective within the last term, so about a fourth of
      // them expire within the next 90 days (the renewals page's windows).
      const effective = formatCalendarDate(
        addDays(today, roll < 0.85 ? -random.int(0, term * 30) : -random.int(term * 31, 730)),
      );
      const expiration = policyExpiration(effective, term);
      const status: PolicyStatus =
        roll < 0.85 ? "active" : roll < 0.9 ? "cancelled" : roll < 0.96 ? "expired" : "non-renewed";
      const createdMs = Math.min(
        nowMs,
        Date.parse(`${effective}T15:00:00Z`) - random.int(0, 20) * DAY_MS,
      );
      const id = newId(createdMs);
      const carrier = random.pick(POLICY_CARRIERS);
      rows.push({
        id,
        policy_number: `${carrier.slice(0, 3).toUpperCase()}-${String(i + 1).padStart(7, "0")}`,
        holder_name: `${person.first_name} ${person.last_name}`.trim(),
        email: person.email,
        product: LINE_OF_BUSINESS_LABELS[lineOfBusiness],
        status,
        premium_cents: random.int(180, 4_800) * 100 + random.int(0, 99),
        effective_date: effective,
        expiration_date: expiration,
        created_at: new Date(createdMs).toISOString(),
        person_id: person.id,
        lead_type: null,
        lead_id: null,
        carrier,
        line_of_business: lineOfBusiness,
        term_months: term,
        producer_id: random.pick(producers),
        cancel_date:
          status === "cancelled"
            ? formatCalendarDate(
                addDays(parseCalendarDate(effective) ?? today, random.int(30, term * 28)),
              )
            : null,
        cancel_reason: status === "cancelled" ? "Moved out of state" : null,
        notes: "",
        vehicles: "[]",
        drivers: "[]",
        renewal_state: renewalStateOf(status),
        renewal_of: null,
        origin: "issued",
        lead_source: null,
        lead_first_touch_source: null,
        updated_at: new Date(createdMs).toISOString(),
      });
    }
    await db.insertInto("policies").values(rows).execute();
    made += rows.length;
  }
  return made;
}

/**
 * Every lead with an open task: `next_task_at` its soonest open task's instant and
 * `follow_up_on` that instant's Central date (the task service's rule, decision 0067).
 */
async function refreshNextTasks(db: Kysely<Database>): Promise<void> {
  for (const kind of Object.keys(LEAD_TABLE_OF) as LeadKind[]) {
    const table = LEAD_TABLE_OF[kind];
    const next = await db
      .selectFrom("tasks")
      .select(["subject_id", (eb) => eb.fn.min("due_at").as("due_at")])
      .where("subject_type", "=", kind)
      .where("completed_at", "is", null)
      .groupBy("subject_id")
      .orderBy("subject_id")
      .execute();
    for (let j = 0; j < next.length; j += BATCH) {
      const rows = next.slice(j, j + BATCH);
      await db.transaction().execute(async (trx) => {
        const at = sql.join(
          rows.map((row) => sql`when ${row.subject_id} then ${row.due_at}`),
          sql` `,
        );
        const day = sql.join(
          rows.map(
            (row) => sql`when ${row.subject_id} then ${taskDueParts(String(row.due_at)).dueDate}`,
          ),
          sql` `,
        );
        await sql`update ${sql.table(table)} set next_task_at = case id ${at} end, follow_up_on = case id ${day} end where id in (${sql.join(rows.map((row) => row.subject_id))})`.execute(
          trx,
        );
      });
    }
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { count: { type: "string", default: "100" } } });
  const count = Number(values.count);
  if (!Number.isInteger(count) || count < 1 || count > 1_000_000) {
    console.error("--count must be a whole number from 1 to 1000000");
    process.exit(2);
  }
  const config = loadConfig();
  const database = openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(database.db);
    const started = performance.now();
    await seedDemo(database.db, count);
    console.log(
      `seeded ${count} quotes, ${count} messages and ${count} appointments in ${Math.round(performance.now() - started)} ms`,
    );
  } finally {
    await database.close();
  }
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    if (error instanceof ConfigError)
      for (const p of error.problems) console.error(`Configuration error: ${p}`);
    else console.error("seed:demo failed:", error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
