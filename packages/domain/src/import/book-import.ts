import * as z from "zod";
import { formatCalendarDate, isCalendarDate } from "../calendar-date.ts";
import { normaliseEmail } from "../email.ts";
import { PERSON_MESSAGES, PersonUpdateSchema } from "../person/person.ts";
import {
  LINE_OF_BUSINESS_LABELS,
  LINES_OF_BUSINESS,
  type LineOfBusiness,
  POLICY_MESSAGES,
  POLICY_STATUS_LABELS,
  POLICY_STATUSES,
  POLICY_YEARS,
  type PolicyStatus,
  PolicyTermsSchema,
  policyExpiration,
} from "../policy/policy.ts";

/**
 * Bringing an existing book in (issue 28 §4, decision 0075): the columns of a file exported
 * by another agency system mapped to ours, and each row read by the rules issuing uses.
 */

/** Our fields a column can fill, in the order the mapping form lists them. */
export const IMPORT_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "street",
  "city",
  "state",
  "zip",
  "carrier",
  "lineOfBusiness",
  "policyNumber",
  "effectiveDate",
  "expirationDate",
  "termMonths",
  "annualPremium",
  "status",
  "producerEmail",
  "notes",
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  firstName: "First name",
  lastName: "Last name",
  email: "Email",
  phone: "Phone",
  street: "Street",
  city: "City",
  state: "State",
  zip: "ZIP code",
  carrier: "Carrier",
  lineOfBusiness: "Line of business",
  policyNumber: "Policy number",
  effectiveDate: "Effective date",
  expirationDate: "Expiration date",
  termMonths: "Term (months)",
  annualPremium: "Annual premium",
  status: "Status",
  producerEmail: "Producer email",
  notes: "Notes",
};

/** Fields every import must map (and email or phone, and term or expiration). */
export const REQUIRED_IMPORT_FIELDS = [
  "firstName",
  "lastName",
  "carrier",
  "lineOfBusiness",
  "policyNumber",
  "effectiveDate",
  "annualPremium",
] as const satisfies readonly ImportField[];

/** The largest file accepted (the import route's body limit is set from it). */
export const IMPORT_MAX_BYTES = 32 * 1024 * 1024;
/** Rows per file: 50,000 policies (the issue's book) with room to spare. */
export const IMPORT_MAX_ROWS = 100_000;
/** Rows the preview shows. */
export const IMPORT_PREVIEW_ROWS = 20;
export const IMPORT_MAX_COLUMNS = 200;

export const IMPORT_MESSAGES = {
  empty: "The file has no rows below its header",
  tooLarge: `The file must be at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB`,
  tooManyRows: `The file must have at most ${IMPORT_MAX_ROWS.toLocaleString("en-US")} rows`,
  tooManyColumns: `The file must have at most ${IMPORT_MAX_COLUMNS} columns`,
  unclosedQuote: (line: number) => `A quoted field opened on line ${line} is never closed`,
  fieldUnmapped: (field: ImportField) => `Choose the column for ${IMPORT_FIELD_LABELS[field]}`,
  contactUnmapped: "Choose the column for Email or Phone (people are matched by them)",
  termUnmapped: "Choose the column for Term or Expiration date",
  columnTwice: "Each column can fill one field only",
  columnMissing: "The mapping names a column the file does not have",
  lineUnknown: `Line of business must be one of: ${LINES_OF_BUSINESS.map((line) => LINE_OF_BUSINESS_LABELS[line]).join(", ")}`,
  statusUnknown: `Status must be one of: ${POLICY_STATUSES.map((status) => POLICY_STATUS_LABELS[status]).join(", ")}`,
  termOrExpiration: "Give the term (6 or 12 months) or the expiration date",
  termNotDerived: "The term must be 6 or 12 months: the dates given are not 6 or 12 months apart",
  producerUnknown: "The producer email is not an active staff member's",
  repeatedInFile: (line: number) => `The same policy (carrier and number) is on line ${line}`,
  numberTaken: "This carrier's policy with this number and effective date was recorded meanwhile",
} as const;

/** Which column (0-based) fills each field; a field left out is not in the file. */
export const ImportMappingSchema = z.partialRecord(
  z.enum(IMPORT_FIELDS),
  z
    .number()
    .int()
    .min(0)
    .max(IMPORT_MAX_COLUMNS - 1),
);
export type ImportMapping = z.output<typeof ImportMappingSchema>;

/** Why a mapping cannot be used with a header of `columns` columns; [] when it can. */
export function mappingProblems(mapping: ImportMapping, columns: number): string[] {
  const problems: string[] = [];
  for (const field of REQUIRED_IMPORT_FIELDS) {
    if (mapping[field] === undefined) problems.push(IMPORT_MESSAGES.fieldUnmapped(field));
  }
  if (mapping.email === undefined && mapping.phone === undefined) {
    problems.push(IMPORT_MESSAGES.contactUnmapped);
  }
  if (mapping.termMonths === undefined && mapping.expirationDate === undefined) {
    problems.push(IMPORT_MESSAGES.termUnmapped);
  }
  const used = Object.values(mapping);
  if (new Set(used).size !== used.length) problems.push(IMPORT_MESSAGES.columnTwice);
  if (used.some((column) => column >= columns)) problems.push(IMPORT_MESSAGES.columnMissing);
  return problems;
}

/** A header cell as names are compared: letters and digits only, lower case. */
function squash(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "");
}

/** Column names other systems use for each field (squashed). */
const FIELD_ALIASES: Record<ImportField, readonly string[]> = {
  firstName: ["firstname", "first", "fname", "givenname", "insuredfirstname", "clientfirstname"],
  lastName: ["lastname", "last", "lname", "surname", "familyname", "insuredlastname"],
  email: ["email", "emailaddress", "mail", "eaddress", "insuredemail", "primaryemail"],
  phone: ["phone", "phonenumber", "telephone", "mobile", "cell", "cellphone", "primaryphone"],
  street: ["street", "address", "address1", "streetaddress", "addressline1", "mailingaddress"],
  city: ["city", "town"],
  state: ["state", "st", "province"],
  zip: ["zip", "zipcode", "postalcode", "postcode", "zip5"],
  carrier: ["carrier", "company", "insurancecompany", "writingcarrier", "insurer"],
  lineOfBusiness: ["lineofbusiness", "lob", "line", "policytype", "type", "product", "coverage"],
  policyNumber: ["policynumber", "policyno", "policy", "policynum", "policyid"],
  effectiveDate: ["effectivedate", "effective", "effdate", "eff", "startdate", "inception"],
  expirationDate: ["expirationdate", "expiration", "expdate", "exp", "enddate", "renewaldate"],
  termMonths: ["term", "termmonths", "policyterm", "months"],
  annualPremium: ["annualpremium", "premium", "writtenpremium", "totalpremium", "annualprem"],
  status: ["status", "policystatus"],
  producerEmail: ["produceremail", "agentemail", "producer", "agent", "csr"],
  notes: ["notes", "note", "comments", "remarks", "memo"],
};

/** A first mapping for a header nobody mapped yet: each field to the column that names it. */
export function guessImportMapping(header: readonly string[]): ImportMapping {
  const mapping: ImportMapping = {};
  const taken = new Set<number>();
  const names = header.map(squash);
  for (const field of IMPORT_FIELDS) {
    for (const alias of FIELD_ALIASES[field]) {
      const column = names.findIndex((name, index) => name === alias && !taken.has(index));
      if (column !== -1) {
        mapping[field] = column;
        taken.add(column);
        break;
      }
    }
  }
  return mapping;
}

/** The header row as the remembered mapping is keyed: each cell trimmed, NFC, in order. */
export function importHeaderKey(header: readonly string[]): string {
  return header.map((cell) => cell.normalize("NFC").trim()).join("\u001f");
}

/** Loose names of each line of business (squashed), besides its own and its label. */
const LINE_ALIASES: Record<string, LineOfBusiness> = {
  ppa: "auto",
  personalauto: "auto",
  privatepassengerauto: "auto",
  automobile: "auto",
  car: "auto",
  homeowners: "home",
  homeowner: "home",
  ho3: "home",
  ho5: "home",
  dwelling: "home",
  dwellingfire: "home",
  renter: "renters",
  ho4: "renters",
  ho6: "condo",
  condominium: "condo",
  mc: "motorcycle",
  motorhome: "rv",
  recreationalvehicle: "rv",
  watercraft: "boat",
  pup: "umbrella",
  personalumbrella: "umbrella",
  businessauto: "commercial-auto",
  commercialautomobile: "commercial-auto",
  gl: "general-liability",
  cgl: "general-liability",
  businessownerspolicy: "bop",
  businessowners: "bop",
  wc: "workers-comp",
  workerscompensation: "workers-comp",
  workcomp: "workers-comp",
};
for (const line of LINES_OF_BUSINESS) {
  LINE_ALIASES[squash(line)] = line;
  LINE_ALIASES[squash(LINE_OF_BUSINESS_LABELS[line])] = line;
}

/** A line of business as other systems write it ("PPA", "Homeowners", "HO-4"), else undefined. */
export function readLineOfBusiness(text: string): LineOfBusiness | undefined {
  return LINE_ALIASES[squash(text)];
}

const STATUS_ALIASES: Record<string, PolicyStatus> = {
  inforce: "active",
  current: "active",
  canceled: "cancelled",
  cancel: "cancelled",
  nonrenewed: "non-renewed",
  nonrenew: "non-renewed",
  lapsed: "expired",
};
for (const status of POLICY_STATUSES) STATUS_ALIASES[squash(status)] = status;

/** A policy status as other systems write it; blank is active (a book is brought in live). */
export function readPolicyStatus(text: string): PolicyStatus | undefined {
  if (text.trim() === "") return "active";
  return STATUS_ALIASES[squash(text)];
}

const US_DATE = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const ISO_LIKE = /^(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})(?:[T ].*)?$/;

/**
 * A date as exports write it: YYYY-MM-DD (a time after it is dropped), YYYY/M/D or the US
 * M/D/YYYY; two-digit years are ambiguous and refused. Returns YYYY-MM-DD, or the text as
 * given when it is none of these (the policy rules then refuse it in words).
 */
export function readImportDate(text: string): string {
  const trimmed = text.trim();
  const us = US_DATE.exec(trimmed);
  const iso = us ? null : ISO_LIKE.exec(trimmed);
  const parts = us
    ? { year: Number(us[3]), month: Number(us[1]), day: Number(us[2]) }
    : iso
      ? { year: Number(iso[1]), month: Number(iso[2]), day: Number(iso[3]) }
      : null;
  if (!parts) return trimmed;
  const date = formatCalendarDate(parts);
  return isCalendarDate(date) ? date : trimmed;
}

/** A term as exports write it: "12", "6 months", "Annual", "Semi-annual"; undefined otherwise. */
export function readTermMonths(text: string): number | undefined {
  const squashed = squash(text);
  if (/^(12|twelve)(m|mo|mos|month|months)?$/.test(squashed)) return 12;
  if (/^(6|six)(m|mo|mos|month|months)?$/.test(squashed)) return 6;
  if (["annual", "annually", "yearly", "year", "1year"].includes(squashed)) return 12;
  if (["semiannual", "semiannually", "halfyear"].includes(squashed)) return 6;
  return undefined;
}

/** One row read: who it is about and the policy, by the rules issuing uses. */
export type ImportedRow = {
  person: {
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    address: { street: string; city: string; state: string; zip: string };
  };
  policy: {
    carrier: string;
    lineOfBusiness: LineOfBusiness;
    policyNumber: string;
    effectiveDate: string;
    expirationDate: string;
    termMonths: 6 | 12;
    premiumCents: number;
    status: PolicyStatus;
    notes: string;
  };
  /** Normalised; "" when the file names none (the importer is the producer). */
  producerEmail: string;
};

export type ImportRowResult = { ok: true; row: ImportedRow } | { ok: false; problems: string[] };

const ImportPersonSchema = PersonUpdateSchema.required({
  firstName: true,
  lastName: true,
  email: true,
  phone: true,
  mailingAddress: true,
});

/**
 * A row of the file read through the mapping: the person by the person rules (a name; an
 * email or phone; a US state; a 5-digit ZIP, ZIP+4 cut to 5), the policy by issuing's
 * (PolicyTermsSchema: dates in POLICY_YEARS, premium in exact cents). Every problem of the
 * row is listed, each once.
 */
export function readImportRow(
  cells: readonly string[],
  mapping: ImportMapping,
  options: {
    /** The agency profile's carriers: a name matching one (case-folded) takes its spelling. */
    carriers?: readonly string[];
  } = {},
): ImportRowResult {
  const cell = (field: ImportField) => {
    const column = mapping[field];
    return column === undefined ? "" : (cells[column] ?? "").trim();
  };
  const problems: string[] = [];

  const zip = cell("zip");
  const person = ImportPersonSchema.safeParse({
    firstName: cell("firstName"),
    lastName: cell("lastName"),
    email: cell("email"),
    phone: cell("phone"),
    mailingAddress: {
      street: cell("street"),
      city: cell("city"),
      state: cell("state").toUpperCase(),
      zip: /^\d{5}-\d{4}$/.test(zip) ? zip.slice(0, 5) : zip,
    },
  });
  if (!person.success) problems.push(...person.error.issues.map((issue) => issue.message));
  if (cell("email") === "" && cell("phone") === "") problems.push(PERSON_MESSAGES.contactRequired);

  const lineText = cell("lineOfBusiness");
  const lineOfBusiness = readLineOfBusiness(lineText);
  if (lineText === "") problems.push(POLICY_MESSAGES.lineRequired);
  else if (!lineOfBusiness) problems.push(IMPORT_MESSAGES.lineUnknown);
  const status = readPolicyStatus(cell("status"));
  if (!status) problems.push(IMPORT_MESSAGES.statusUnknown);

  const effectiveDate = readImportDate(cell("effectiveDate"));
  const expirationText = cell("expirationDate");
  const termText = cell("termMonths");
  let termMonths: number | undefined;
  let expirationDate = expirationText === "" ? undefined : readImportDate(expirationText);
  if (termText !== "") {
    termMonths = readTermMonths(termText);
    if (termMonths === undefined) problems.push(POLICY_MESSAGES.termInvalid);
  } else if (expirationDate === undefined) {
    problems.push(IMPORT_MESSAGES.termOrExpiration);
  } else if (isCalendarDate(effectiveDate) && isCalendarDate(expirationDate)) {
    termMonths = ([12, 6] as const).find(
      (months) => policyExpiration(effectiveDate, months) === expirationDate,
    );
    if (termMonths === undefined) problems.push(IMPORT_MESSAGES.termNotDerived);
  }
  const effectiveYear = Number(effectiveDate.slice(0, 4));
  if (
    expirationDate === undefined &&
    termMonths !== undefined &&
    isCalendarDate(effectiveDate) &&
    effectiveYear >= POLICY_YEARS.first &&
    effectiveYear <= POLICY_YEARS.last
  ) {
    expirationDate = policyExpiration(effectiveDate, termMonths);
  }

  const carrierText = cell("carrier");
  const profileCarrier = options.carriers?.find(
    (name) => foldCarrier(name) === foldCarrier(carrierText),
  );
  const terms = PolicyTermsSchema.safeParse({
    carrier: profileCarrier ?? carrierText,
    lineOfBusiness: lineOfBusiness ?? "other",
    policyNumber: cell("policyNumber"),
    effectiveDate,
    termMonths: termMonths ?? 12,
    expirationDate: expirationDate ?? "",
    annualPremium: cell("annualPremium"),
    notes: cell("notes"),
  });
  if (!terms.success) {
    for (const issue of terms.error.issues) {
      // A missing expiration was already explained by the term's problem.
      if (issue.path[0] === "expirationDate" && expirationDate === undefined) continue;
      problems.push(issue.message);
    }
  }

  const producerEmail = normaliseEmail(cell("producerEmail")).toLowerCase();
  const unique = [...new Set(problems)];
  if (unique.length > 0 || !person.success || !terms.success || !lineOfBusiness || !status) {
    return { ok: false, problems: unique };
  }
  return {
    ok: true,
    row: {
      person: {
        firstName: person.data.firstName,
        lastName: person.data.lastName,
        email: person.data.email,
        phone: person.data.phone,
        address: person.data.mailingAddress,
      },
      policy: {
        carrier: terms.data.carrier,
        lineOfBusiness,
        policyNumber: terms.data.policyNumber,
        effectiveDate: terms.data.effectiveDate,
        expirationDate: terms.data.expirationDate,
        termMonths: terms.data.termMonths,
        premiumCents: terms.data.annualPremium,
        status,
        notes: terms.data.notes,
      },
      producerEmail,
    },
  };
}

/**
 * The key a policy is matched by: its carrier case-folded (spaces squeezed) and its number
 * as written. The same policy in another system's export keeps both.
 */
export function importPolicyKey(carrier: string, policyNumber: string): string {
  return `${foldCarrier(carrier)}\u001f${policyNumber}`;
}

function foldCarrier(carrier: string): string {
  return carrier.normalize("NFKC").trim().replace(/\s+/gu, " ").toLocaleLowerCase("en-US");
}
