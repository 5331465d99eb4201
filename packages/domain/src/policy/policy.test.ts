import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatPremium,
  formatPremiumAmount,
  IssuePolicySchema,
  POLICY_MESSAGES,
  parsePremiumCents,
  policyActionAllowed,
  policyExpiration,
} from "./policy.ts";

describe("premium parsing", () => {
  it("reads dollars and cents exactly", () => {
    expect(parsePremiumCents("1,234.56")).toBe(123_456);
    expect(parsePremiumCents("$0.10")).toBe(10);
    expect(parsePremiumCents("0.2")).toBe(20);
    expect(parsePremiumCents(".5")).toBe(50);
    expect(parsePremiumCents("85")).toBe(8500);
    expect(parsePremiumCents(" 1234567.89 ")).toBe(123_456_789);
    for (const bad of ["", "abc", "1,23", "12.345", "1.2.3", "-5", "1e3", "$"]) {
      expect(parsePremiumCents(bad), bad).toBeUndefined();
    }
  });

  it("gives back what formatPremium writes, for any amount of cents", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (cents) => {
        expect(parsePremiumCents(formatPremium(cents))).toBe(cents);
        expect(parsePremiumCents(formatPremiumAmount(cents))).toBe(cents);
      }),
    );
  });

  it("writes a field's amount without the dollar sign", () => {
    expect(formatPremiumAmount(123_456)).toBe("1,234.56");
    expect(formatPremiumAmount(10)).toBe("0.10");
    expect(formatPremium(123_456)).toBe("$1,234.56");
  });

  it("sums exactly: 0.10 + 0.20 is 30 cents", () => {
    const sum = ["0.10", "0.20"].reduce((total, text) => total + (parsePremiumCents(text) ?? 0), 0);
    expect(sum).toBe(30);
  });
});

describe("expiration", () => {
  it("adds the term, clamped to the month's end", () => {
    expect(policyExpiration("2026-12-01", 12)).toBe("2027-12-01");
    expect(policyExpiration("2026-12-01", 6)).toBe("2027-06-01");
    expect(policyExpiration("2028-02-29", 12)).toBe("2029-02-28");
    expect(policyExpiration("2027-08-31", 6)).toBe("2028-02-29");
    expect(policyExpiration("2026-03-31", 6)).toBe("2026-09-30");
    expect(policyExpiration("2026-07-31", 6)).toBe("2027-01-31");
  });
});

describe("the issue form's rules", () => {
  it("computes nothing it is not given and refuses an expiration before the effective date", () => {
    const base = {
      personId: "00000000-0000-7000-8000-000000000001",
      carrier: "Acme",
      lineOfBusiness: "home",
      policyNumber: "H-1",
      effectiveDate: "2026-12-01",
      termMonths: 12,
      annualPremium: "1,000",
    };
    expect(IssuePolicySchema.parse(base).annualPremium).toBe(100_000);
    const result = IssuePolicySchema.safeParse({ ...base, expirationDate: "2026-11-30" });
    expect(result.success).toBe(false);
  });

  it("refuses dates outside 1900–2100 (year 9999 would expire in year 10000)", () => {
    const base = {
      personId: "00000000-0000-7000-8000-000000000001",
      carrier: "Acme",
      lineOfBusiness: "home",
      policyNumber: "H-1",
      termMonths: 12,
      annualPremium: "1,000",
    };
    for (const effectiveDate of ["9999-12-31", "1899-12-31", "2101-01-01"]) {
      const result = IssuePolicySchema.safeParse({ ...base, effectiveDate });
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([
        POLICY_MESSAGES.dateOutOfRange,
      ]);
    }
    const result = IssuePolicySchema.safeParse({
      ...base,
      effectiveDate: "2026-12-01",
      expirationDate: "9999-12-01",
    });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      POLICY_MESSAGES.dateOutOfRange,
    ]);
    expect(IssuePolicySchema.safeParse({ ...base, effectiveDate: "1900-01-01" }).success).toBe(
      true,
    );
    expect(IssuePolicySchema.safeParse({ ...base, effectiveDate: "2100-12-31" }).success).toBe(
      true,
    );
    // Not a date at all: the format's message alone.
    expect(
      IssuePolicySchema.safeParse({ ...base, effectiveDate: "99999-01-01" }).error?.issues.map(
        (issue) => issue.message,
      ),
    ).toEqual([POLICY_MESSAGES.effectiveInvalid]);
  });

  it("allows the moves of decision 0072 only", () => {
    expect(policyActionAllowed("active", "cancel")).toBe(true);
    expect(policyActionAllowed("cancelled", "cancel")).toBe(false);
    expect(policyActionAllowed("cancelled", "reinstate")).toBe(true);
    expect(policyActionAllowed("expired", "reinstate")).toBe(false);
    expect(policyActionAllowed("non-renewed", "non-renew")).toBe(false);
  });
});
