import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PERSON_MESSAGES } from "../person/person.ts";
import { POLICY_MESSAGES } from "../policy/policy.ts";
import {
  guessImportMapping,
  IMPORT_MESSAGES,
  importPolicyKey,
  mappingProblems,
  readImportDate,
  readImportRow,
  readLineOfBusiness,
  readTermMonths,
} from "./book-import.ts";

const HEADER = [
  "First Name",
  "Last Name",
  "E-mail",
  "Phone",
  "Address 1",
  "City",
  "State",
  "Zip Code",
  "Carrier",
  "LOB",
  "Policy #",
  "Eff Date",
  "Exp Date",
  "Term",
  "Premium",
  "Status",
  "Agent Email",
  "Notes",
];
const mapping = guessImportMapping(HEADER);
const row = (change: Record<number, string> = {}) => {
  const cells = [
    "Ann",
    "Lee",
    "Ann@Example.com",
    "(612) 555-0100",
    "1 Main St",
    "Minneapolis",
    "mn",
    "55401-1234",
    "Acme Mutual",
    "PPA",
    "A-100",
    "1/15/2025",
    "",
    "6",
    "$1,234.56",
    "",
    "",
    "old system",
  ];
  for (const [index, value] of Object.entries(change)) cells[Number(index)] = value;
  return cells;
};

describe("the import mapping (decision 0075)", () => {
  it("guesses each field from the names other systems use", () => {
    expect(mapping).toEqual({
      firstName: 0,
      lastName: 1,
      email: 2,
      phone: 3,
      street: 4,
      city: 5,
      state: 6,
      zip: 7,
      carrier: 8,
      lineOfBusiness: 9,
      policyNumber: 10,
      effectiveDate: 11,
      expirationDate: 12,
      termMonths: 13,
      annualPremium: 14,
      status: 15,
      producerEmail: 16,
      notes: 17,
    });
    expect(mappingProblems(mapping, HEADER.length)).toEqual([]);
  });

  it("says what a mapping lacks", () => {
    expect(mappingProblems({ firstName: 0, lastName: 0 }, 2)).toEqual([
      IMPORT_MESSAGES.fieldUnmapped("carrier"),
      IMPORT_MESSAGES.fieldUnmapped("lineOfBusiness"),
      IMPORT_MESSAGES.fieldUnmapped("policyNumber"),
      IMPORT_MESSAGES.fieldUnmapped("effectiveDate"),
      IMPORT_MESSAGES.fieldUnmapped("annualPremium"),
      IMPORT_MESSAGES.contactUnmapped,
      IMPORT_MESSAGES.termUnmapped,
      IMPORT_MESSAGES.columnTwice,
    ]);
    expect(mappingProblems({ ...mapping, notes: 40 }, HEADER.length)).toEqual([
      IMPORT_MESSAGES.columnMissing,
    ]);
  });
});

describe("readImportRow", () => {
  it("reads a row by the rules issuing uses", () => {
    expect(readImportRow(row(), mapping)).toEqual({
      ok: true,
      row: {
        person: {
          firstName: "Ann",
          lastName: "Lee",
          email: "Ann@Example.com",
          phone: "6125550100",
          address: { street: "1 Main St", city: "Minneapolis", state: "MN", zip: "55401" },
        },
        policy: {
          carrier: "Acme Mutual",
          lineOfBusiness: "auto",
          policyNumber: "A-100",
          effectiveDate: "2025-01-15",
          expirationDate: "2025-07-15",
          termMonths: 6,
          premiumCents: 123456,
          status: "active",
          notes: "old system",
        },
        producerEmail: "",
      },
    });
  });

  it("spells a carrier of the agency profile as the profile does; any other name as given", () => {
    const profile = readImportRow(row({ 8: "  acme   MUTUAL " }), mapping, {
      carriers: ["Acme Mutual", "Other Co"],
    });
    expect(profile.ok && profile.row.policy.carrier).toBe("Acme Mutual");
    const other = readImportRow(row({ 8: "Tiny Farm Mutual" }), mapping, { carriers: ["Acme"] });
    expect(other.ok && other.row.policy.carrier).toBe("Tiny Farm Mutual");
  });

  it("derives the term from the dates, and refuses dates 7 months apart", () => {
    const derived = readImportRow(row({ 12: "2026-01-15", 13: "" }), mapping);
    expect(derived.ok && derived.row.policy.termMonths).toBe(12);
    expect(readImportRow(row({ 12: "2025-08-15", 13: "" }), mapping)).toEqual({
      ok: false,
      problems: [IMPORT_MESSAGES.termNotDerived],
    });
    expect(readImportRow(row({ 13: "" }), mapping)).toEqual({
      ok: false,
      problems: [IMPORT_MESSAGES.termOrExpiration],
    });
  });

  it("lists every problem of a bad row, each once", () => {
    const result = readImportRow(
      row({ 0: "", 2: "", 3: "", 9: "Yacht club", 11: "1/15/9999", 14: "12.345", 15: "gone" }),
      mapping,
    );
    expect(result).toEqual({
      ok: false,
      problems: [
        PERSON_MESSAGES.firstNameRequired,
        PERSON_MESSAGES.contactRequired,
        IMPORT_MESSAGES.lineUnknown,
        IMPORT_MESSAGES.statusUnknown,
        POLICY_MESSAGES.dateOutOfRange,
        POLICY_MESSAGES.premiumInvalid,
      ],
    });
  });

  it("refuses a zero premium, an expiration before the effective date, a bad term", () => {
    expect(readImportRow(row({ 14: "0.00" }), mapping)).toEqual({
      ok: false,
      problems: [POLICY_MESSAGES.premiumZero],
    });
    expect(readImportRow(row({ 12: "2024-01-01" }), mapping)).toEqual({
      ok: false,
      problems: [POLICY_MESSAGES.expirationBeforeEffective],
    });
    expect(readImportRow(row({ 13: "9" }), mapping)).toEqual({
      ok: false,
      problems: [POLICY_MESSAGES.termInvalid],
    });
  });
});

describe("loose values", () => {
  it.each([
    ["Auto", "auto"],
    ["PPA", "auto"],
    ["Homeowners", "home"],
    ["HO-4", "renters"],
    ["Workers' comp", "workers-comp"],
    ["Business owner's policy (BOP)", "bop"],
    ["Commercial Auto", "commercial-auto"],
    ["Spaceship", undefined],
  ])("line %s is %s", (text, line) => {
    expect(readLineOfBusiness(text)).toBe(line);
  });

  it.each([
    ["2025-02-03", "2025-02-03"],
    ["2025-02-03T00:00:00", "2025-02-03"],
    ["2/3/2025", "2025-02-03"],
    ["2025/2/3", "2025-02-03"],
    ["2/30/2025", "2/30/2025"],
    ["2/3/25", "2/3/25"],
  ])("date %s reads %s", (text, date) => {
    expect(readImportDate(text)).toBe(date);
  });

  it("reads terms", () => {
    expect(["12", "12 months", "Annual", "6 mo", "Semi-Annual", "7"].map(readTermMonths)).toEqual([
      12,
      12,
      12,
      6,
      6,
      undefined,
    ]);
  });

  it("matches a policy by carrier case-folded and its number as written", () => {
    expect(importPolicyKey(" ACME  Mutual ", "A-1")).toBe(importPolicyKey("acme mutual", "A-1"));
    expect(importPolicyKey("Acme", "A-1")).not.toBe(importPolicyKey("Acme", "a-1"));
  });
});

describe("readImportRow on anything", () => {
  it("never throws, and what it accepts passes the policy rules (exact cents, dates in order)", () => {
    const cellText = fc.oneof(
      fc.string({ unit: "grapheme", maxLength: 20 }),
      fc.constantFrom("", "12", "6", "1/15/2025", "2025-07-15", "$1,234.56", "Auto", "ann@x.com"),
    );
    fc.assert(
      fc.property(fc.array(cellText, { minLength: 0, maxLength: HEADER.length + 2 }), (cells) => {
        const result = readImportRow(cells, mapping);
        if (result.ok) {
          const { policy } = result.row;
          expect(Number.isInteger(policy.premiumCents)).toBe(true);
          expect(policy.premiumCents).toBeGreaterThan(0);
          expect(policy.expirationDate > policy.effectiveDate).toBe(true);
          expect([6, 12]).toContain(policy.termMonths);
        } else {
          expect(result.problems.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 500 },
    );
  });
});
