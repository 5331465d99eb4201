/**
 * The agency profile: the schema of `agency.json` (the one file an owner edits, in the profile
 * folder `agency/` or `$AGENCY_DIR`) and the checks a start runs on it (docs/decisions/
 * 0054-agency-profile.md). Pure: the images are read through a function the caller passes,
 * so the server (agency-profile-node.ts) and the web build (apps/web/vite.config.ts) share
 * every check. The browser never loads this module: it gets the profile already checked.
 */
import { z } from "zod";
import { isPhoneNumber, nationalPhoneDigits } from "./phone.ts";
import { AGENCY_TIME_ZONE } from "./time-zone.ts";
import { isUsStateCode } from "./us-states.ts";
import { WEEKDAYS } from "./week.ts";

export { WEEKDAYS };

/**
 * The marketing figures a profile may state: how many clients, a business bureau rating, the
 * clients' rating of the agency, and the "100% Always" commitment the spec shows.
 */
export const FIGURE_KINDS = ["clients", "businessRating", "clientRating", "commitment"] as const;
export type FigureKind = (typeof FIGURE_KINDS)[number];

/** The networks the site has an icon for. */
export const SOCIAL_NETWORKS = ["Facebook", "Instagram", "LinkedIn"] as const;

/** The contrast WCAG AA asks of normal-size text (brand colors carry white button text). */
export const MIN_BRAND_CONTRAST = 4.5;

const required = (kind: string) => (issue: { input: unknown }) =>
  issue.input === undefined ? "is required" : `must be ${kind}`;

const text = () =>
  z
    .string({ error: required("text") })
    .trim()
    .min(1, "must not be empty");

const phone = () =>
  z
    .string({ error: required("a phone number") })
    .refine((value) => isPhoneNumber(nationalPhoneDigits(value)), {
      error: (issue) => `${JSON.stringify(issue.input)} is not a 10-digit US phone number`,
    });

const httpsUrl = () =>
  z.string({ error: required("an https:// URL") }).refine((value) => isHttpsUrl(value), {
    error: (issue) => `${JSON.stringify(issue.input)} is not a well-formed https:// URL`,
  });

const stateCode = () =>
  z
    .string({ error: required("a state") })
    .regex(/^[A-Z]{2}$/, 'must be two capital letters such as "MN"')
    .refine(isUsStateCode, {
      error: (issue) => `${JSON.stringify(issue.input)} is not one of the 50 states' codes`,
    });

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const time = () =>
  z
    .string({ error: required('a time such as "09:00"') })
    .regex(TIME, 'must be a 24-hour time such as "09:00" or "19:30"');

const color = () =>
  z
    .string({ error: required('a color such as "#1d5bd8"') })
    .regex(/^#[0-9a-fA-F]{6}$/, 'must be a 6-digit hex color such as "#1d5bd8"')
    .refine((value) => contrastRatio(value, "#ffffff") >= MIN_BRAND_CONTRAST, {
      error: (issue) =>
        `${issue.input} has a contrast of ${contrastRatio(String(issue.input), "#ffffff").toFixed(2)}:1 against white; WCAG AA needs ${MIN_BRAND_CONTRAST}:1`,
    });

/** A file name inside the profile folder (no folders, no way out of it). */
const IMAGE_FILE_NAME = /^[\w-][\w.-]*\.(svg|png|jpe?g|webp)$/;

const imageFile = () =>
  z
    .string({ error: required("an image file name") })
    .regex(
      IMAGE_FILE_NAME,
      "must be a file name in the profile folder ending in .svg, .png, .jpg or .webp",
    );

const OpeningHoursSchema = z
  .strictObject({
    day: z.enum(WEEKDAYS, { error: `must be one of ${WEEKDAYS.join(", ")}` }),
    opens: time(),
    closes: time(),
  })
  .refine((hours) => hours.closes > hours.opens, {
    error: (issue) => {
      const hours = issue.input as { opens: string; closes: string };
      return `closes at ${hours.closes}, not after it opens at ${hours.opens}`;
    },
    path: ["closes"],
  });

/**
 * The hours a visitor can book (hourly slots from `firstSlot` to `lastSlot`, both included) on
 * the booking days (Monday to Friday, the spec's rule; a federal holiday is closed). Each slot
 * is an hour inside the opening hours of every booking day (decision 0060).
 */
const BookingHoursSchema = z
  .strictObject(
    {
      firstSlot: time().describe('When the first hourly slot starts, e.g. "09:00"'),
      lastSlot: time().describe('When the last hourly slot starts, e.g. "17:00"'),
    },
    { error: required('an object such as { "firstSlot": "09:00", "lastSlot": "17:00" }') },
  )
  .superRefine((hours, ctx) => {
    // A time that is not one is named by time(); the rest is checked between good times only.
    if (!TIME.test(hours.firstSlot) || !TIME.test(hours.lastSlot)) return;
    const problem = (field: "firstSlot" | "lastSlot", message: string) =>
      ctx.addIssue({ code: "custom", path: [field], message });
    if (hours.lastSlot < hours.firstSlot) {
      problem("lastSlot", `${hours.lastSlot} is before firstSlot ${hours.firstSlot}`);
    } else if (hours.lastSlot.slice(3) !== hours.firstSlot.slice(3)) {
      problem(
        "lastSlot",
        `${hours.lastSlot} is not a whole number of hours after firstSlot ${hours.firstSlot} (slots are hourly)`,
      );
    }
    // A slot starting at 1 or 2 AM could fall in a daylight-saving gap on the agency's clock.
    if (hours.firstSlot < "03:00") {
      problem(
        "firstSlot",
        `${hours.firstSlot} is too early: the first slot starts at 03:00 or later`,
      );
    }
    if (hours.lastSlot > "22:00") {
      problem(
        "lastSlot",
        `${hours.lastSlot} is too late: the last slot starts at 22:00 or earlier`,
      );
    }
  });

/** The spec's slots, hourly from 09:00 AM to 05:00 PM: the booking hours when a profile has none. */
export const SPEC_BOOKING_HOURS = { firstSlot: "09:00", lastSlot: "17:00" };

/** "18:00" from "17:00": the end of an hourly slot. */
function hourAfter(time: string): string {
  return `${String(Number(time.slice(0, 2)) + 1).padStart(2, "0")}${time.slice(2)}`;
}

/** The days a visitor can book (the spec: weekdays only); bookingHours must fit in each. */
export const BOOKING_DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"] as const;

export const AgencyProfileSchema = z.strictObject({
  $schema: z.string().optional(),
  $comment: z.string().optional(),
  /** True for the sample agency the repository ships. */
  sample: z.boolean().optional().describe("true only for the sample agency the repository ships"),
  name: text().describe("The agency's name as the site shows it"),
  legalName: text(),
  shortName: text(),
  licenseNumber: text().describe("The agency's license number"),
  siteUrl: httpsUrl().describe("The site's public address, https://"),
  /** As people write it, e.g. "(612) 555-0147"; the tel: link and E.164 form are derived. */
  phone: phone().describe('The main phone as people write it, e.g. "(612) 555-0147"'),
  fax: phone().describe('The fax number, e.g. "(612) 555-0148"'),
  email: z.email({ error: "must be an email address" }),
  address: z.strictObject({
    street: text(),
    city: text(),
    state: stateCode(),
    zip: z
      .string({ error: required("a ZIP code") })
      .regex(/^\d{5}(-\d{4})?$/, 'must be a ZIP code such as "55405"'),
  }),
  coordinates: z.strictObject({
    lat: z
      .number({ error: required("a number") })
      .min(-90)
      .max(90),
    lng: z
      .number({ error: required("a number") })
      .min(-180)
      .max(180),
  }),
  /**
   * The booking clock, the reminders and the .ics files work on Central Time only so far
   * (time-zone.ts): another zone is refused rather than shown beside a clock that ignores it.
   */
  timeZone: z.literal(AGENCY_TIME_ZONE, {
    error: `must be "${AGENCY_TIME_ZONE}" (the only time zone the booking clock supports yet)`,
  }),
  areaServed: z.array(text()).min(1, "must name at least one place"),
  /**
   * The area the pages say the agency serves ("across Minneapolis–St. Paul"); the first
   * place of areaServed when left out.
   */
  region: text()
    .optional()
    .describe(
      'The area the pages name ("Trusted across Minneapolis–St. Paul"); the first place of areaServed when left out',
    ),
  licensedIn: z
    .array(stateCode())
    .min(1)
    .refine((states) => new Set(states).size === states.length, { error: "names a state twice" })
    .describe("The states the agency is licensed in; the quote form takes addresses there only"),
  /** Who licenses insurance agencies in the agency's state (the legal pages name it). */
  regulator: z
    .strictObject({ name: text(), url: httpsUrl() })
    .optional()
    .describe(
      'The state insurance regulator the privacy notice names, e.g. { "name": "Minnesota Department of Commerce", "url": "https://mn.gov/commerce/" }; "the <state> insurance regulator" and the NAIC\'s list of regulators when left out',
    ),
  openingHours: z
    .array(OpeningHoursSchema)
    .min(1, "must list at least one open day")
    .describe("One entry per open day, 24-hour times; a day not listed is closed"),
  phoneHours: z
    .array(text())
    .min(1, "must list at least one line")
    .optional()
    .describe(
      'How the phone hours are written ("Mon-Fri 9AM-7:30PM"); derived from openingHours when left out',
    ),
  hoursNote: text().describe("Shown under the hours, e.g. the time zone and holidays"),
  bookingHours: BookingHoursSchema.default(SPEC_BOOKING_HOURS).describe(
    'Hourly appointment slots Monday to Friday, e.g. { "firstSlot": "09:00", "lastSlot": "17:00" } (the default when left out); each slot must end by closing time',
  ),
  socialLinks: z.array(
    z.strictObject({
      network: z.enum(SOCIAL_NETWORKS, { error: `must be one of ${SOCIAL_NETWORKS.join(", ")}` }),
      url: httpsUrl(),
    }),
  ),
  /**
   * The marketing figures ("1000+ Happy Clients"), each of a kind the pages know how to say
   * in a sentence ("Chosen by 1000+ clients"); a kind left out is said nowhere, an empty list
   * shows none.
   */
  stats: z
    .array(
      z.strictObject({
        kind: z.enum(FIGURE_KINDS, { error: `must be one of ${FIGURE_KINDS.join(", ")}` }),
        value: text(),
        label: text(),
      }),
    )
    .refine((stats) => new Set(stats.map((stat) => stat.kind)).size === stats.length, {
      error: "names a kind twice",
    })
    .describe(
      "Marketing figures (clients: 1000+, businessRating: A+, clientRating: 5.0, commitment: 100%); leave one out and no page says it",
    ),
  office: z.strictObject({
    name: text(),
    description: text(),
    features: z.array(text()),
    specialties: z.array(text()),
  }),
  /** Colors the site fills buttons and links with: each must carry white text (WCAG AA). */
  brand: z
    .strictObject({ primary: color(), primaryHover: color(), dark: color() })
    .describe("Colors for buttons, links and dark bands; each must carry white text at 4.5:1"),
  logo: imageFile().describe("The logo: an SVG or PNG file in this folder"),
  team: z.array(
    z.strictObject({
      name: text(),
      title: text(),
      licenseNumber: text().optional(),
      languages: z.array(text()).default([]),
      bio: text().optional(),
      photo: imageFile().optional(),
    }),
  ),
  carriers: z
    .array(
      z.strictObject({
        name: text(),
        logo: imageFile().optional(),
        website: httpsUrl(),
        claimsPhone: phone(),
        claimsUrl: httpsUrl(),
        paymentUrl: httpsUrl(),
        customerServicePhone: phone().optional(),
      }),
    )
    .refine((carriers) => new Set(carriers.map((c) => c.name)).size === carriers.length, {
      error: "names a carrier twice",
    }),
  reviews: z.array(
    z.strictObject({
      quote: text(),
      /** First name and initial only ("Jamie R."). */
      author: text(),
      source: text(),
      date: z.iso.date({ error: 'must be a date such as "2026-09-14"' }),
      rating: z.number().int().min(1).max(5),
    }),
  ),
});

/**
 * The checks across fields (beside the schema, which editors read as JSON Schema): every
 * booking day must be open for every slot, from the first slot's start to the end of the last
 * one (an hour after it starts). One line per kind of problem, naming the days.
 */
const CheckedAgencyProfileSchema = AgencyProfileSchema.superRefine((profile, ctx) => {
  // Times that are not times, or days that close before they open, are named on their own.
  const { firstSlot, lastSlot } = profile.bookingHours ?? {};
  if (!TIME.test(firstSlot ?? "") || !TIME.test(lastSlot ?? "")) return;
  if (firstSlot === undefined || lastSlot === undefined) return;
  if (!Array.isArray(profile.openingHours)) return;
  const ends = hourAfter(lastSlot);
  const closed: string[] = [];
  const opensLate: string[] = [];
  const closesEarly: string[] = [];
  for (const day of BOOKING_DAYS) {
    const open = profile.openingHours.find((hours) => hours?.day === day);
    if (open === undefined) closed.push(day);
    else if (
      TIME.test(`${open.opens}`) &&
      TIME.test(`${open.closes}`) &&
      open.opens < open.closes
    ) {
      if (firstSlot < open.opens) opensLate.push(`${day} ${open.opens}`);
      if (ends > open.closes) closesEarly.push(`${day} ${open.closes}`);
    }
  }
  const problem = (field: "firstSlot" | "lastSlot", message: string) =>
    ctx.addIssue({ code: "custom", path: ["bookingHours", field], message });
  if (closed.length > 0) {
    problem(
      "firstSlot",
      `appointments are booked Monday to Friday, but openingHours has no ${closed.join(", ")}`,
    );
  }
  if (opensLate.length > 0) {
    problem("firstSlot", `${firstSlot} is before the office opens (${opensLate.join(", ")})`);
  }
  if (closesEarly.length > 0) {
    problem(
      "lastSlot",
      `the ${lastSlot} slot ends at ${ends}, after the office closes (${closesEarly.join(", ")})`,
    );
  }
});

export type AgencyProfile = z.output<typeof AgencyProfileSchema>;

/**
 * The JSON Schema beside agency.json (`agency/agency.schema.json`, written by
 * `npm run agency:schema`), so editors complete and check the file. It carries the shapes and
 * patterns; the checks a JSON Schema cannot say (a real phone number, contrast, image
 * contents) run at start and at build.
 */
export function agencyProfileJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(AgencyProfileSchema, { io: "input" }),
    title: "Agency profile (agency.json)",
  };
}
export type AgencyProfileInput = z.input<typeof AgencyProfileSchema>;

/** https://, a host name with a dot, then any path: no spaces, no user:password@. */
const HTTPS_URL = /^https:\/\/([a-z0-9](-*[a-z0-9])*\.)+[a-z]{2,}(:\d{1,5})?([/?#][^\s]*)?$/i;

function isHttpsUrl(value: string): boolean {
  return HTTPS_URL.test(value);
}

/** WCAG 2 contrast ratio of two "#rrggbb" colors (1 to 21). */
export function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [
    number,
    number,
  ];
  return (lighter + 0.05) / (darker + 0.05);
}

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => {
    const value = Number.parseInt(hex.slice(start, start + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2];
}

export type ImageKind = "png" | "jpeg" | "webp" | "svg";

/** What an image file is by its first bytes, not its name; undefined when it is none of them. */
export function imageKindOf(bytes: Uint8Array): ImageKind | undefined {
  const starts = (...values: number[]) => values.every((value, i) => bytes[i] === value);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  if (starts(0xff, 0xd8, 0xff)) return "jpeg";
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.slice(from, to));
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  const head = ascii(0, 4096).replace(/^\xEF\xBB\xBF/, "");
  // An SVG may open with an XML declaration, comments or a doctype before its root element.
  if (/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]/i.test(head)) {
    return "svg";
  }
  return undefined;
}

const IMAGE_KIND_NAMES: Record<ImageKind, string> = {
  png: "PNG",
  jpeg: "JPEG",
  webp: "WebP",
  svg: "SVG",
};

/** What a profile image file name (IMAGE_FILE_NAME) says it is, by its extension. */
export function imageKindOfName(fileName: string): ImageKind {
  const extension = fileName.slice(fileName.lastIndexOf(".") + 1).toLowerCase();
  return extension === "jpg" ? "jpeg" : (extension as ImageKind);
}

/** "team[0].photo" from zod's ["team", 0, "photo"]. */
function fieldName(path: readonly PropertyKey[]): string {
  return path
    .map((key, i) => (typeof key === "number" ? `[${key}]` : `${i === 0 ? "" : "."}${String(key)}`))
    .join("");
}

/**
 * Every problem of a profile, one line each naming the field (empty when it is fine):
 * `agency.json: phone: "(612) 555-014" is not a 10-digit US phone number`.
 * `readImage` answers a profile file's bytes, or undefined when there is no such file.
 */
export function findAgencyProfileProblems(
  json: unknown,
  readImage: (fileName: string) => Uint8Array | undefined,
): { profile?: AgencyProfile; problems: string[] } {
  const parsed = CheckedAgencyProfileSchema.safeParse(json);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => {
        const field = fieldName(issue.path);
        return `agency.json: ${field === "" ? "" : `${field}: `}${issue.message}`;
      });
  // The images are checked even when other fields are wrong, so one start lists everything.
  for (const [field, fileName] of imageReferences(json)) {
    const bytes = readImage(fileName);
    if (bytes === undefined) {
      problems.push(`agency.json: ${field}: "${fileName}" is not in the profile folder`);
    } else {
      const kind = imageKindOf(bytes);
      const named = imageKindOfName(fileName);
      if (kind === undefined) {
        problems.push(`agency.json: ${field}: "${fileName}" is not a PNG, JPEG, WebP or SVG image`);
      } else if (kind !== named) {
        problems.push(
          `agency.json: ${field}: "${fileName}" is ${kind === "svg" ? "an" : "a"} ${IMAGE_KIND_NAMES[kind]} image, not ${IMAGE_KIND_NAMES[named]} as its name says`,
        );
      }
    }
  }
  return parsed.success && problems.length === 0
    ? { profile: parsed.data, problems }
    : { problems };
}

/** The image files a profile names (logo, team photos, carrier logos) that are file names. */
function imageReferences(json: unknown): [field: string, fileName: string][] {
  const record = (value: unknown): Record<string, unknown> =>
    typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
  const profile = record(json);
  const references: [string, unknown][] = [
    ["logo", profile.logo],
    ...list(profile.team).map((person, i): [string, unknown] => [
      `team[${i}].photo`,
      record(person).photo,
    ]),
    ...list(profile.carriers).map((carrier, i): [string, unknown] => [
      `carriers[${i}].logo`,
      record(carrier).logo,
    ]),
  ];
  return references.filter((reference): reference is [string, string] => {
    const fileName = reference[1];
    return typeof fileName === "string" && IMAGE_FILE_NAME.test(fileName);
  });
}
