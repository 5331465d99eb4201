import { describe, expect, it } from "vitest";
import { AGENCY } from "../agency.ts";
import { zodIssuesToFieldErrors } from "../field-errors.ts";
import {
  ATTACHMENT_LIMITS,
  ATTACHMENT_MESSAGES,
  attachmentTypeOf,
  base64ByteLength,
  base64Head,
  isBase64,
  safeAttachmentName,
  sniffAttachmentType,
} from "./attachments.ts";
import { serviceDueOn, serviceDueState } from "./due-by.ts";
import { NOT_SURE_CARRIER, serviceCarrierChoices } from "./options.ts";
import { formatServiceReference, SERVICE_REFERENCE_PATTERN } from "./reference.ts";
import { SERVICE_FIELD_MESSAGES as M, ServiceRequestSchema, serviceDetailsOf } from "./schema.ts";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
/** Standard padded base64 (the domain has no Buffer or btoa). */
function b64(input: number[] | Uint8Array): string {
  const bytes = Uint8Array.from(input);
  const out: string[] = [];
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] ?? 0;
    const b = bytes[i + 1] ?? 0;
    const c = bytes[i + 2] ?? 0;
    const n = (a << 16) | (b << 8) | c;
    const left = bytes.length - i;
    out.push(
      ALPHABET[(n >> 18) & 63] ?? "",
      ALPHABET[(n >> 12) & 63] ?? "",
      left > 1 ? (ALPHABET[(n >> 6) & 63] ?? "") : "=",
      left > 2 ? (ALPHABET[n & 63] ?? "") : "=",
    );
  }
  return out.join("");
}
/** base64 of a file of `size` bytes: `head` (12 bytes) then zeros, without building it. */
function bigFile(head: number[], size: number): string {
  const rest = size - 12;
  const tail = rest % 3 === 1 ? "AA==" : rest % 3 === 2 ? "AAA=" : "";
  return b64(head.slice(0, 12)) + "AAAA".repeat(Math.floor(rest / 3)) + tail;
}
const ascii = (text: string) => Array.from(text, (char) => char.charCodeAt(0));
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52];
const HEIC = [0, 0, 0, 24, ...ascii("ftypheic"), 0, 0, 0, 0, ...ascii("mif1heic")];
const PDF = [...ascii("%PDF-1.7\n%"), 0xe2, 0xe3, 0xcf, 0xd3, 10];
const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0, 16, ...ascii("JFIF"), 0, 1, 1, 0, 0, 1];
const ELF = [0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0];
const EXE = [0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0];

const common = {
  name: "Ana María Núñez",
  email: "ana@example.com",
  phone: "(612) 555-0100",
  carrier: NOT_SURE_CARRIER,
  policyNumber: "",
};

function errorsOf(input: unknown) {
  const result = ServiceRequestSchema.safeParse(input);
  return result.success ? [] : zodIssuesToFieldErrors(result.error);
}

describe("attachments by content", () => {
  it("knows JPEG, PNG, HEIC and PDF by their first bytes, and nothing else", () => {
    expect(sniffAttachmentType(Uint8Array.from(JPEG))).toBe("image/jpeg");
    expect(sniffAttachmentType(Uint8Array.from(PNG))).toBe("image/png");
    expect(sniffAttachmentType(Uint8Array.from(HEIC))).toBe("image/heic");
    expect(sniffAttachmentType(Uint8Array.from(PDF))).toBe("application/pdf");
    expect(sniffAttachmentType(Uint8Array.from(ELF))).toBeUndefined();
    expect(sniffAttachmentType(Uint8Array.from(EXE))).toBeUndefined();
    expect(sniffAttachmentType(new Uint8Array())).toBeUndefined();
    // An MP4 is an ISO media file too, but not a still image.
    const mp4 = [0, 0, 0, 24, ...ascii("ftypisom"), 0, 0, 0, 0];
    expect(sniffAttachmentType(Uint8Array.from(mp4))).toBeUndefined();
  });

  it("reads a base64 file's head and size without decoding the rest", () => {
    for (const bytes of [PNG, HEIC, PDF, JPEG, [1], [1, 2], [1, 2, 3]]) {
      const text = b64(bytes);
      expect(isBase64(text)).toBe(true);
      expect(base64ByteLength(text)).toBe(bytes.length);
      expect([...base64Head(text, 12)]).toEqual(bytes.slice(0, 12));
    }
    expect(attachmentTypeOf(b64(HEIC))).toBe("image/heic");
    expect(isBase64("abc")).toBe(false);
    expect(isBase64("ab\ncd==")).toBe(false);
    expect(isBase64("a@cd")).toBe(false);
  });

  it("offers a file's name without a path or controls", () => {
    expect(safeAttachmentName("C:\\Users\\ana\\photo.jpg")).toBe("photo.jpg");
    expect(safeAttachmentName('../../etc/"pass\u0000wd"')).toBe("passwd");
    expect(safeAttachmentName("\u0007")).toBe("file");
  });
});

describe("ServiceRequestSchema", () => {
  it("takes each kind with its own fields and cleans them", () => {
    const claim = ServiceRequestSchema.parse({
      kind: "claim",
      ...common,
      lossDate: "2026-11-20",
      lossPlace: "I-94 near Snelling Ave",
      description: "Rear-ended at a light.\nBumper damaged.",
      injuries: "no",
      attachments: [{ name: "bumper.png", data: b64(PNG) }],
    });
    expect(claim.phone).toBe("6125550100");
    expect(claim.policyNumber).toBe("");
    expect(serviceDetailsOf(claim)).toEqual({
      lossDate: "2026-11-20",
      lossPlace: "I-94 near Snelling Ave",
      description: "Rear-ended at a light.\nBumper damaged.",
      injuries: "no",
      policeReport: "",
    });
    const certificate = ServiceRequestSchema.parse({
      kind: "certificate",
      ...common,
      carrier: AGENCY.carriers[0]?.name,
      holderName: "Lakeside Apartments LLC",
      holderAddress: "1 Main St, Minneapolis, MN 55401",
      purpose: "Lease",
      neededBy: "2026-12-01",
    });
    expect(serviceDetailsOf(certificate).holderEmail).toBe("");
    expect(certificate.attachments).toEqual([]);
  });

  it("refuses a kind it does not know, and each kind's missing fields with their messages", () => {
    expect(errorsOf({ kind: "loan", ...common })).toEqual([
      { field: "kind", message: M.kindInvalid },
    ]);
    const fields = (kind: string) =>
      errorsOf({ kind, ...common }).map((error) => `${error.field}: ${error.message}`);
    expect(fields("id-cards")).toEqual([`vehicles: ${M.vehiclesRequired}`]);
    expect(fields("policy-change")).toEqual([
      `changeType: ${M.changeTypeRequired}`,
      `effectiveDate: ${M.effectiveDateRequired}`,
      `details: ${M.detailsRequired}`,
    ]);
    expect(fields("claim")).toContain(`injuries: ${M.injuriesRequired}`);
    expect(fields("other")).toEqual([`message: ${M.messageRequired}`]);
  });

  it("refuses a list of mailboxes, a carrier not on the list and a date out of range", () => {
    const base = { kind: "other", ...common, message: "Hi" };
    expect(errorsOf({ ...base, email: "a@b.co, c@d.co" })).toEqual([
      { field: "email", message: M.emailInvalid },
    ]);
    expect(errorsOf({ ...base, carrier: "Acme Evil Insurance" })).toEqual([
      { field: "carrier", message: M.carrierInvalid },
    ]);
    expect(
      errorsOf({
        kind: "policy-change",
        ...common,
        changeType: "address",
        effectiveDate: "9999-12-31",
        details: "Moved",
      }),
    ).toEqual([{ field: "effectiveDate", message: M.dateOutOfRange }]);
  });

  it("refuses files by content, count and size", () => {
    const base = { kind: "other", ...common, message: "See attached" };
    const problems = (attachments: unknown) =>
      errorsOf({ ...base, attachments }).map((error) => error.message);
    expect(problems([{ name: "photo.jpg", data: b64(EXE) }])).toEqual([
      ATTACHMENT_MESSAGES.wrongType,
    ]);
    expect(problems([{ name: "photo.jpg", data: "not base64!" }])).toEqual([
      ATTACHMENT_MESSAGES.notBase64,
    ]);
    expect(problems(Array.from({ length: 6 }, () => ({ name: "a.png", data: b64(PNG) })))).toEqual([
      ATTACHMENT_MESSAGES.tooMany,
    ]);
    const overOne = bigFile(PNG, ATTACHMENT_LIMITS.maxFileBytes + 1);
    expect(base64ByteLength(overOne)).toBe(ATTACHMENT_LIMITS.maxFileBytes + 1);
    expect(
      problems([{ name: "big.png", data: bigFile(PNG, ATTACHMENT_LIMITS.maxFileBytes) }]),
    ).toEqual([]);
    expect(problems([{ name: "big.png", data: overOne }])).toEqual([ATTACHMENT_MESSAGES.tooBig]);
    const nine = bigFile(PDF, 9 * 1024 * 1024);
    expect(problems([1, 2, 3].map(() => ({ name: "scan.pdf", data: nine })))).toEqual([
      ATTACHMENT_MESSAGES.tooMuch,
    ]);
  });
});

describe("carrier choices and references", () => {
  it("lists the profile's carriers, then Not sure", () => {
    expect(serviceCarrierChoices([{ name: "A" }, { name: "B" }])).toEqual(["A", "B", "Not sure"]);
  });

  it("writes SR-YYYY-NNNNNN", () => {
    expect(formatServiceReference(2026, 123)).toBe("SR-2026-000123");
    expect(formatServiceReference(2027, 1_234_567)).toBe("SR-2027-1234567");
    expect(SERVICE_REFERENCE_PATTERN.test("SR-2026-000123")).toBe(true);
  });
});

describe("due by", () => {
  // Noon Central on each day (18:00 UTC in winter, 17:00 in summer).
  const at = (iso: string) => new Date(iso);

  it("is the next business day: Friday's and Saturday's are due Monday", () => {
    expect(serviceDueOn(at("2026-12-02T18:00:00Z"), 1)).toBe("2026-12-03"); // Wed → Thu
    expect(serviceDueOn(at("2026-12-04T18:00:00Z"), 1)).toBe("2026-12-07"); // Fri → Mon
    expect(serviceDueOn(at("2026-12-05T18:00:00Z"), 1)).toBe("2026-12-07"); // Sat → Mon
    expect(serviceDueOn(at("2026-12-04T18:00:00Z"), 2)).toBe("2026-12-08");
  });

  it("reads the arrival's day in Central time", () => {
    // Friday 11:30 PM Central is Saturday in UTC: still Friday's request.
    expect(serviceDueOn(at("2026-12-05T05:30:00Z"), 1)).toBe("2026-12-07");
  });

  it("skips federal holidays and the office's whole-day closures", () => {
    // Wednesday before Thanksgiving (Nov 26, 2026) → Friday.
    expect(serviceDueOn(at("2026-11-25T18:00:00Z"), 1)).toBe("2026-11-27");
    // Christmas Eve (Thursday) with the office closed Friday the 25th anyway → Monday.
    expect(serviceDueOn(at("2026-12-24T18:00:00Z"), 1)).toBe("2026-12-28");
    // A closure on Monday pushes Friday's request to Tuesday.
    expect(serviceDueOn(at("2026-12-04T18:00:00Z"), 1, new Set(["2026-12-07"]))).toBe("2026-12-08");
    // Across the year: New Year's Eve (Thursday) → Monday Jan 4, 2027 (Jan 1 a holiday).
    expect(serviceDueOn(at("2026-12-31T18:00:00Z"), 1)).toBe("2027-01-04");
  });

  it("says overdue, due today or later", () => {
    expect(serviceDueState("2026-12-03", "2026-12-04")).toBe("overdue");
    expect(serviceDueState("2026-12-04", "2026-12-04")).toBe("due-today");
    expect(serviceDueState("2026-12-07", "2026-12-04")).toBe("later");
  });
});
