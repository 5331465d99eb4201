import { createHash, randomBytes, randomInt } from "node:crypto";
import { NOT_SURE_CARRIER } from "@agency/domain";
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.ts";

/** File heads a real file of each kind starts with (the rest of a test file is filler). */
export const FILE_HEADS = {
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52],
  jpeg: [0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1],
  heic: [0, 0, 0, 24, ...Buffer.from("ftypheic"), 0, 0, 0, 0, ...Buffer.from("mif1heic")],
  pdf: [...Buffer.from("%PDF-1.7\n%"), 0xe2, 0xe3, 0xcf, 0xd3, 10],
  /** A Windows program (MZ), as a "photo.jpg" would hide it. */
  exe: [0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0],
} as const;

/** A file of `size` bytes that starts like `kind` and is random after (not compressible). */
export function testFile(kind: keyof typeof FILE_HEADS, size = 2048): Buffer {
  const head = Buffer.from(FILE_HEADS[kind]);
  const file = Buffer.alloc(size);
  for (let i = 0; i < size; i += 1) file[i] = (i * 7919 + size) & 0xff;
  head.copy(file, 0, 0, Math.min(head.length, size));
  return file;
}

/** A file as a request carries it. */
export function attachment(name: string, bytes: Buffer) {
  return { name, data: bytes.toString("base64") };
}

/** Who asks, on every kind. */
export const CLIENT = {
  name: "Ana María Núñez",
  email: "ana.nunez@example.com",
  phone: "(612) 555-0199",
  carrier: NOT_SURE_CARRIER,
  policyNumber: "",
};

/** A valid request of each kind. */
export const VALID_REQUESTS = {
  "id-cards": { kind: "id-cards", ...CLIENT, vehicles: "2019 Honda CR-V" },
  "policy-change": {
    kind: "policy-change",
    ...CLIENT,
    changeType: "add-vehicle",
    effectiveDate: "2026-12-15",
    details: "Adding a 2024 Subaru Outback, VIN on the bill of sale.",
  },
  certificate: {
    kind: "certificate",
    ...CLIENT,
    holderName: "Lakeside Apartments LLC",
    holderAddress: "100 Lake St, Minneapolis, MN 55408",
    holderEmail: "leasing@example.com",
    purpose: "Renter's lease",
    neededBy: "2026-12-10",
  },
  claim: {
    kind: "claim",
    ...CLIENT,
    lossDate: "2026-11-27",
    lossPlace: "Snelling Ave and University Ave, Saint Paul",
    description: "Rear-ended at a red light. Bumper and trunk damaged.",
    injuries: "no",
    policeReport: "SP-26-118822",
  },
  other: { kind: "other", ...CLIENT, message: "Can I add my daughter's apartment to my policy?" },
} as const;

/** A file of `size` bytes that starts like `kind` and is random after: no two are alike. */
export function randomTestFile(kind: keyof typeof FILE_HEADS, size: number): Buffer {
  const file = randomBytes(size);
  Buffer.from(FILE_HEADS[kind]).copy(file, 0, 0, Math.min(FILE_HEADS[kind].length, size));
  return file;
}

const LOAD_KINDS = ["id-cards", "policy-change", "certificate", "claim", "other"] as const;
const LOAD_FILES = [
  ["jpeg", "photo.jpg"],
  ["png", "screenshot.png"],
  ["heic", "IMG_0042.HEIC"],
  ["pdf", "bill of sale.pdf"],
] as const;

/** A request under load and what must be stored of it: its marker and its files' bytes. */
export type LoadRequest = {
  /** Found again by its policy number, unique to it. */
  marker: string;
  body: Record<string, unknown>;
  files: { name: string; bytes: Buffer; sha256: string }[];
};

/**
 * The `n`th request of a load test: each kind in turn, with 1–3 random files (50–300 KB
 * unless told) of mixed types; every tenth client is the same person (their people are
 * matched at once).
 */
export function loadRequest(
  n: number,
  tag: string,
  sizes: { min: number; max: number } = { min: 50_000, max: 300_000 },
): LoadRequest {
  const kind = LOAD_KINDS[n % LOAD_KINDS.length] as (typeof LOAD_KINDS)[number];
  const marker = `LOAD-${tag}-${n}`;
  const files = Array.from({ length: 1 + (n % 3) }, (_, i) => {
    const [type, name] = LOAD_FILES[(n + i) % LOAD_FILES.length] as (typeof LOAD_FILES)[number];
    const bytes = randomTestFile(type, sizes.min + randomInt(sizes.max - sizes.min + 1));
    return { name, bytes, sha256: createHash("sha256").update(bytes).digest("hex") };
  });
  return {
    marker,
    body: {
      ...VALID_REQUESTS[kind],
      email: `client${n % 10}.${tag}@example.com`,
      policyNumber: marker,
      attachments: files.map((file) => attachment(file.name, file.bytes)),
    },
    files,
  };
}

/**
 * What is wrong with how a load request is stored: `expected` it is there once (with the id
 * and reference it was answered with, if known), every file byte for byte in its place, and
 * its two mails queued; otherwise nothing of it is there. Empty when all is well.
 */
export async function loadRequestProblems(
  db: Kysely<Database>,
  request: LoadRequest,
  expected: { stored: boolean; id?: string; reference?: string },
): Promise<string[]> {
  const rows = await db
    .selectFrom("service_requests")
    .select(["id", "reference"])
    .where("policy_number", "=", request.marker)
    .execute();
  const label = `request ${request.marker}`;
  if (!expected.stored) return rows.length === 0 ? [] : [`${label} stored though refused`];
  if (rows.length !== 1) return [`${label} stored ${rows.length} times`];
  const row = rows[0] as { id: string; reference: string };
  const problems: string[] = [];
  if (expected.id !== undefined && row.id !== expected.id)
    problems.push(`${label} stored as ${row.id}, answered as ${expected.id}`);
  if (expected.reference !== undefined && row.reference !== expected.reference)
    problems.push(`${label} stored as ${row.reference}, answered as ${expected.reference}`);
  const files = await db
    .selectFrom("service_attachments")
    .select(["position", "name", "size", "sha256", "data"])
    .where("request_id", "=", row.id)
    .orderBy("position")
    .execute();
  if (files.length !== request.files.length)
    problems.push(`${label} has ${files.length} of its ${request.files.length} files`);
  request.files.forEach((sent, position) => {
    const file = files[position];
    if (!file) return;
    const data = Buffer.from(file.data);
    const actual = createHash("sha256").update(data).digest("hex");
    if (
      file.position !== position ||
      file.name !== sent.name ||
      file.size !== sent.bytes.length ||
      file.sha256 !== sent.sha256 ||
      actual !== sent.sha256 ||
      !data.equals(sent.bytes)
    )
      problems.push(`${label}: file ${position} (${sent.name}) is not the one sent`);
  });
  const mails = await db
    .selectFrom("mail_outbox")
    .select("kind")
    .where("related_id", "=", row.id)
    .orderBy("kind")
    .execute();
  const kinds = mails.map((mail) => mail.kind).join(",");
  if (kinds !== "service.agency,service.client") problems.push(`${label} queued mails: ${kinds}`);
  return problems;
}

/** Anything half stored: files or Client Center mails without their request. */
export async function halfStoredProblems(db: Kysely<Database>): Promise<string[]> {
  const files = await db
    .selectFrom("service_attachments")
    .leftJoin("service_requests", "service_requests.id", "service_attachments.request_id")
    .select(sql<number>`count(*)`.as("n"))
    .where("service_requests.id", "is", null)
    .executeTakeFirstOrThrow();
  const mails = await db
    .selectFrom("mail_outbox")
    .leftJoin("service_requests", "service_requests.id", "mail_outbox.related_id")
    .select(sql<number>`count(*)`.as("n"))
    .where("mail_outbox.kind", "like", "service.%")
    .where("service_requests.id", "is", null)
    .executeTakeFirstOrThrow();
  return [
    ...(Number(files.n) > 0 ? [`${files.n} files without their request`] : []),
    ...(Number(mails.n) > 0 ? [`${mails.n} Client Center mails without their request`] : []),
  ];
}
