import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.ts";
import { csvLines } from "../lib/csv.ts";

/**
 * Who could be affected by a breach (issue 30 §3, decision 0084): the people whose records
 * were read, exported or revealed in a window, from the audit log alone (`npm run affected`).
 */

/** The audit actions that show a person's records to someone. */
export const READ_ACTIONS = ["record.viewed", "records.exported", "record.revealed"] as const;
type ReadAction = (typeof READ_ACTIONS)[number];

export type AffectedOptions = {
  since: string;
  until?: string;
  /** A staff account's email: only what that account did. */
  account?: string;
  /** An IP address: only what was done from it. */
  address?: string;
  format: "csv" | "json";
};

export type AffectedRow = {
  personId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  action: ReadAction;
  count: number;
  firstAt: string;
  lastAt: string;
  /** The records that led to the person (`contact:<id>`, `person:<id>`...). */
  records: string[];
};

export class AffectedUsageError extends Error {}

export const AFFECTED_USAGE =
  "usage: npm run affected -- --since <ISO time> [--until <ISO time>] [--account <staff email>] [--address <ip>] [--format csv|json]";

/** An ISO 8601 time with a zone (`2026-11-29T08:00:00Z`, `...-06:00`), as the log's UTC text. */
function isoTime(flag: string, value: string | undefined): string {
  const zoned = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
  const date = value && zoned.test(value) ? new Date(value) : undefined;
  if (!date || Number.isNaN(date.getTime())) {
    throw new AffectedUsageError(
      `${flag} must be an ISO time with its zone, like 2026-11-29T08:00:00Z or 2026-11-29T02:00:00-06:00`,
    );
  }
  return date.toISOString();
}

export function parseAffectedArgs(argv: readonly string[]): AffectedOptions {
  const values = new Map<string, string>();
  for (let i = 0; i < argv.length; i += 2) {
    const flag = argv[i] ?? "";
    if (!["--since", "--until", "--account", "--address", "--format"].includes(flag)) {
      throw new AffectedUsageError(`unknown option ${flag}`);
    }
    const value = argv[i + 1];
    if (value === undefined || value.startsWith("--")) {
      throw new AffectedUsageError(`${flag} needs a value`);
    }
    values.set(flag, value);
  }
  if (!values.has("--since")) throw new AffectedUsageError("--since is required");
  const since = isoTime("--since", values.get("--since"));
  const until = values.has("--until") ? isoTime("--until", values.get("--until")) : undefined;
  if (until !== undefined && until <= since) {
    throw new AffectedUsageError("--until must be after --since");
  }
  const format = values.get("--format") ?? "csv";
  if (format !== "csv" && format !== "json") {
    throw new AffectedUsageError("--format must be csv or json");
  }
  const account = values.get("--account")?.trim().toLowerCase();
  const address = values.get("--address")?.trim();
  return {
    since,
    format,
    ...(until ? { until } : {}),
    ...(account ? { account } : {}),
    ...(address ? { address } : {}),
  };
}

/** The tables whose rows name their person, by the audit's target type. */
const PERSON_OF = {
  contact: "contacts",
  auto_quote: "auto_quotes",
  appointment: "appointments",
  service_request: "service_requests",
  policy: "policies",
} as const;

const BATCH = 500;

/** The people reached, one row per person and action, by last name, first name and action. */
export async function findAffected(
  db: Kysely<Database>,
  options: Omit<AffectedOptions, "format">,
): Promise<AffectedRow[]> {
  let actorId: string | undefined;
  if (options.account !== undefined) {
    const user = await db
      .selectFrom("users")
      .select("id")
      .where(sql<string>`lower(email)`, "=", options.account)
      .executeTakeFirst();
    if (!user) throw new AffectedUsageError(`no staff account has the email ${options.account}`);
    actorId = user.id;
  }
  let query = db
    .selectFrom("audit_log")
    .select(["id", "action", "target_type", "target_id", "details", "created_at"])
    .where("action", "in", [...READ_ACTIONS])
    .where("created_at", ">=", options.since);
  if (options.until !== undefined) query = query.where("created_at", "<", options.until);
  if (actorId !== undefined) query = query.where("actor_user_id", "=", actorId);
  if (options.address !== undefined) query = query.where("ip", "=", options.address);
  const entries = await query.orderBy("created_at").orderBy("id").execute();

  // Each entry's records: its target, or an export's rows (decision 0084).
  const reached: { action: ReadAction; at: string; entry: string; type: string; id: string }[] = [];
  for (const entry of entries) {
    const action = entry.action as ReadAction;
    if (action === "records.exported") {
      const details = JSON.parse(entry.details) as { targetType?: string; ids?: string[] };
      for (const id of details.ids ?? []) {
        reached.push({
          action,
          at: entry.created_at,
          entry: entry.id,
          type: details.targetType ?? "",
          id,
        });
      }
    } else if (entry.target_type && entry.target_id) {
      reached.push({
        action,
        at: entry.created_at,
        entry: entry.id,
        type: entry.target_type,
        id: entry.target_id,
      });
    }
  }

  // Each record's person: itself, or the person its lead or policy names.
  const personOf = new Map<string, string>();
  for (const [type, table] of Object.entries(PERSON_OF)) {
    const ids = [...new Set(reached.filter((r) => r.type === type).map((r) => r.id))];
    for (let i = 0; i < ids.length; i += BATCH) {
      const rows = await db
        .selectFrom(table)
        .select(["id", "person_id"])
        .where("id", "in", ids.slice(i, i + BATCH))
        .execute();
      for (const row of rows) if (row.person_id) personOf.set(`${type}:${row.id}`, row.person_id);
    }
  }
  const groups = new Map<
    string,
    {
      personId: string;
      action: ReadAction;
      entries: Set<string>;
      first: string;
      last: string;
      records: Set<string>;
    }
  >();
  for (const r of reached) {
    const record = `${r.type}:${r.id}`;
    // A record retention has purged since names nobody now: it is listed under its own id.
    const personId = r.type === "person" ? r.id : (personOf.get(record) ?? "");
    const key = `${personId || record}\u0000${r.action}`;
    const group = groups.get(key) ?? {
      personId,
      action: r.action,
      entries: new Set<string>(),
      first: r.at,
      last: r.at,
      records: new Set<string>(),
    };
    group.entries.add(r.entry);
    group.records.add(record);
    if (r.at < group.first) group.first = r.at;
    if (r.at > group.last) group.last = r.at;
    groups.set(key, group);
  }

  const personIds = [...new Set([...groups.values()].map((g) => g.personId).filter(Boolean))];
  const people = new Map<
    string,
    { first_name: string; last_name: string; email: string; phone: string }
  >();
  for (let i = 0; i < personIds.length; i += BATCH) {
    const rows = await db
      .selectFrom("persons")
      .select(["id", "first_name", "last_name", "email", "phone"])
      .where("id", "in", personIds.slice(i, i + BATCH))
      .execute();
    for (const row of rows) people.set(row.id, row);
  }
  return [...groups.values()]
    .map((group) => {
      const person = people.get(group.personId);
      return {
        personId: group.personId,
        firstName: person?.first_name ?? "",
        lastName: person?.last_name ?? "",
        email: person?.email ?? "",
        phone: person?.phone ?? "",
        action: group.action,
        count: group.entries.size,
        firstAt: group.first,
        lastAt: group.last,
        records: [...group.records].sort(),
      };
    })
    .sort(
      (a, b) =>
        a.lastName.localeCompare(b.lastName) ||
        a.firstName.localeCompare(b.firstName) ||
        a.personId.localeCompare(b.personId) ||
        (a.records[0] ?? "").localeCompare(b.records[0] ?? "") ||
        a.action.localeCompare(b.action),
    );
}

const CSV_HEADER = [
  "person id",
  "first name",
  "last name",
  "email",
  "phone",
  "action",
  "times",
  "first",
  "last",
  "records",
] as const;

export function formatAffected(rows: readonly AffectedRow[], format: "csv" | "json"): string {
  if (format === "json") return `${JSON.stringify(rows, null, 2)}\n`;
  return csvLines([
    CSV_HEADER,
    ...rows.map((row) => [
      row.personId,
      row.firstName,
      row.lastName,
      row.email,
      row.phone,
      row.action,
      row.count,
      row.firstAt,
      row.lastAt,
      row.records.join(" "),
    ]),
  ]);
}
