import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { leadSearchTerm, leadSearchText, normaliseSearchText } from "./search.ts";

const maria = {
  firstName: "Maria",
  lastName: "Ali",
  email: "Maria.Ali@Example.com",
  phone: "(612) 555-0382",
};

describe("leadSearchText", () => {
  it("holds the name both ways round, the email and the phone digits", () => {
    expect(leadSearchText(maria)).toBe("maria ali|ali maria|maria.ali@example.com|6125550382");
  });

  it("turns an appointment's one name field round at its last word", () => {
    expect(
      leadSearchText({ name: "  Pa Nhia   Vang ", email: "p@x.us", phone: "+1 651 555 0100" }),
    ).toBe("pa nhia vang|vang pa nhia|p@x.us|6515550100");
  });

  it("keeps each field free of the separator", () => {
    expect(leadSearchText({ firstName: "a|b", lastName: "c", email: "e@x.us", phone: "" })).toBe(
      "a b c|c a b|e@x.us",
    );
  });
});

describe("leadSearchTerm and the column find a person", () => {
  const text = leadSearchText(maria);
  it.each([
    "Maria Ali",
    "maria ali",
    "  MARIA   ALI ",
    "Ali Maria",
    "mar",
    "Ali",
    "maria.ali@",
    "EXAMPLE.COM",
    "(612) 555-0382",
    "612-555-0382",
    "612.555.0382",
    "6125550382",
    "+1 612 555 0382",
    "1-612-555-0382",
    "555-0382",
    "0382",
  ])("%j", (query) => {
    const term = leadSearchTerm(query);
    expect(term).not.toBe("");
    expect(text).toContain(term);
  });

  it.each(["Maria Olson", "612-555-0383", "ali@example.com|x"])("not %j", (query) => {
    expect(text).not.toContain(leadSearchTerm(query));
  });

  it("folds accents, width, case, final sigma and curly apostrophes on both sides", () => {
    const person = { firstName: "José", lastName: "O’Brien", email: "j@x.us", phone: "" };
    expect(leadSearchText(person)).toContain(leadSearchTerm("jose o'brien"));
    expect(leadSearchText({ name: "Ｍａｒｉａ", email: "m@x.us", phone: "" })).toContain(
      leadSearchTerm("maria"),
    );
    expect(leadSearchText({ name: "ΟΔΥΣΣΕΥΣ", email: "o@x.us", phone: "" })).toContain(
      leadSearchTerm("Οδυσσευς"),
    );
    expect(leadSearchText({ name: "Nguyễn Thị", email: "n@x.us", phone: "" })).toContain(
      leadSearchTerm("nguyen thi"),
    );
    expect(leadSearchText({ name: "İpek", email: "i@x.us", phone: "" })).toContain(
      leadSearchTerm("ipek"),
    );
  });

  it("leaves nothing to look for in blank or separator-only text", () => {
    expect(leadSearchTerm("   ")).toBe("");
    expect(leadSearchTerm("|||")).toBe("");
    expect(leadSearchTerm("\u0301")).toBe("");
  });
});

const name = fc.string({ unit: "grapheme", maxLength: 20 });
const isPhoneLike = (text: string) => /^[\d\s().+-]+$/.test(normaliseSearchText(text));

describe("properties (full Unicode)", () => {
  it("a full name, either way round, and each part of it, finds the person", () => {
    fc.assert(
      fc.property(name, name, (first, last) => {
        const text = leadSearchText({
          firstName: first,
          lastName: last,
          email: "x@y.us",
          phone: "",
        });
        for (const query of [`${first} ${last}`, `${last} ${first}`, first, last]) {
          if (isPhoneLike(query)) continue;
          expect(text).toContain(leadSearchTerm(query));
        }
      }),
    );
  });

  it("every format of a phone number finds it", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[2-9]\d{2}[2-9]\d{6}$/), (digits) => {
        const text = leadSearchText({ name: "A", email: "a@b.us", phone: digits });
        const [a, b, c] = [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6)];
        for (const query of [
          `(${a}) ${b}-${c}`,
          `${a}-${b}-${c}`,
          `${a}.${b}.${c}`,
          `+1 ${a} ${b} ${c}`,
          digits,
        ]) {
          expect(leadSearchTerm(query)).toBe(digits);
          expect(text).toContain(leadSearchTerm(query));
        }
      }),
    );
  });

  it("any part of an email finds it, whatever its case", () => {
    fc.assert(
      fc.property(fc.emailAddress(), fc.nat(), fc.nat(), (email, i, j) => {
        const [start, end] = [i % (email.length + 1), j % (email.length + 1)].sort((x, y) => x - y);
        const part = email.slice(start, end).toUpperCase();
        if (part.trim() === "" || isPhoneLike(part)) return;
        expect(leadSearchText({ name: "A", email, phone: "" })).toContain(leadSearchTerm(part));
      }),
    );
  });

  it("a full-width bar folds to a space, never to the separator", () => {
    expect(leadSearchTerm("ana｜lee")).toBe("ana lee");
    expect(leadSearchText({ firstName: "A｜B", lastName: "C", email: "x", phone: "" })).toBe(
      "a b c|c a b|x",
    );
  });

  it("a term never holds the separator, is normalised once and for all, and is bounded", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 100 }), (query) => {
        const term = leadSearchTerm(query);
        expect(term).not.toContain("|");
        expect(normaliseSearchText(term)).toBe(term);
        expect(term).toBe(term.trim());
      }),
    );
  });

  it("the column has at most four fields and never an empty one", () => {
    fc.assert(
      fc.property(
        name,
        name,
        fc.string({ unit: "grapheme" }),
        fc.string(),
        (first, last, email, phone) => {
          const fields = leadSearchText({ firstName: first, lastName: last, email, phone }).split(
            "|",
          );
          expect(fields.length).toBeLessThanOrEqual(4);
          if (fields.length > 1) expect(fields.every((field) => field.length > 0)).toBe(true);
        },
      ),
    );
  });
});
