import { csvLine, type ImportMapping } from "@agency/domain";

/** A header as another agency system might export it (names guessImportMapping knows). */
export const BOOK_HEADER = [
  "First Name",
  "Last Name",
  "Email",
  "Phone",
  "Address 1",
  "City",
  "State",
  "Zip",
  "Carrier",
  "LOB",
  "Policy #",
  "Eff Date",
  "Exp Date",
  "Term",
  "Premium",
  "Status",
  "Notes",
];

export const BOOK_MAPPING: ImportMapping = {
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
  notes: 16,
};

const LINES = ["PPA", "Homeowners", "Renters", "Condo", "Umbrella", "Auto", "HO-4", "Boat"];
const CARRIERS = ["Acme Mutual", "Prairie Casualty", "North Star Insurance", "Lakes & Rivers"];

/**
 * The row of policy `n` of a generated book: every person distinct (email and phone of n),
 * names with commas and accents, quoted notes with line breaks every so often.
 */
export function bookRow(n: number, prefix = "BK"): string[] {
  const month = (n % 12) + 1;
  const day = (n % 28) + 1;
  return [
    n % 7 === 0 ? "José" : `Ann${n % 100}`,
    n % 5 === 0 ? "Lee, Jr." : `Støre-${n % 1000}`,
    `holder${n}@example.com`,
    `(612) 5${String(n).padStart(6, "0").slice(0, 2)}-${String(n).padStart(6, "0").slice(2)}`,
    `${n} Main St`,
    "Minneapolis",
    "MN",
    "55401",
    CARRIERS[n % CARRIERS.length] as string,
    LINES[n % LINES.length] as string,
    `${prefix}-${String(n).padStart(7, "0")}`,
    n % 2 === 0
      ? `2025-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`
      : `${month}/${day}/2025`,
    "",
    n % 3 === 0 ? "6" : "12",
    `$${(100 + (n % 5000)).toLocaleString("en-US")}.${String(n % 100).padStart(2, "0")}`,
    n % 11 === 0 ? "Canceled" : "",
    n % 13 === 0 ? 'Paid in full,\r\nsee "old" file' : "",
  ];
}

/** A CSV of `count` policies (with a BOM and CRLF, as Excel writes it). */
export function bookCsv(count: number, prefix = "BK", first = 1): string {
  let text = `\uFEFF${csvLine(BOOK_HEADER)}`;
  for (let n = first; n < first + count; n++) text += csvLine(bookRow(n, prefix));
  return text;
}
