/**
 * The `AGENCY` object every page, email and .ics reads, derived from a checked profile
 * (agency-profile.ts): what the owner types once (a phone, the hours, the address) comes out
 * in every form the site needs. No zod here: agency.ts loads on every page (vite.config.ts's
 * shared chunk), and the browser gets a profile the build already checked.
 */
import type { AgencyProfile, FigureKind } from "./agency-profile.ts";
import { formatPhone, nationalPhoneDigits } from "./phone.ts";
import { isUsStateCode, type UsStateCode, usStateName } from "./us-states.ts";
import { WEEKDAYS } from "./week.ts";

export type Weekday = (typeof WEEKDAYS)[number];

export interface OpeningHours {
  day: Weekday;
  /** 24-hour "HH:MM" on the agency's clock (its `timeZone`). */
  opens: string;
  closes: string;
}

/** A phone in every form a page needs, from the one form the owner typed. */
export interface PhoneForms {
  /** "(612) 555-0147" */
  display: string;
  /** "+16125550147" */
  e164: string;
  /** "tel:+16125550147" */
  href: string;
}

export function phoneForms(typed: string): PhoneForms {
  const e164 = `+1${nationalPhoneDigits(typed)}`;
  return { display: formatPhone(typed), e164, href: `tel:${e164}` };
}

/** "9:00 AM" from "09:00". */
function clockTime(time: string): string {
  const [hour = 0, minute = 0] = time.split(":").map(Number);
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${hour12}:${String(minute).padStart(2, "0")} ${hour < 12 ? "AM" : "PM"}`;
}

/** "9AM" and "7:30PM", the phone line's compact form. */
function compactTime(time: string): string {
  return clockTime(time).replace(":00 ", "").replace(" ", "");
}

/** "09:00 AM" from "09:00": a slot as the API writes it (the spec's 12-hour format). */
function slotTime(time: string): string {
  return clockTime(time).padStart(8, "0");
}

/**
 * The hourly slots from `firstSlot` to `lastSlot` (both included, 24-hour "HH:MM"), as the
 * API writes them ("09:00 AM"); the profile check makes sure they are a whole number of hours
 * apart and inside the day.
 */
export function bookingSlots(hours: { firstSlot: string; lastSlot: string }): string[] {
  const [firstHour = 0, minutes = 0] = hours.firstSlot.split(":").map(Number);
  const [lastHour = 0] = hours.lastSlot.split(":").map(Number);
  const slots: string[] = [];
  for (let hour = firstHour; hour <= lastHour; hour++) {
    slots.push(slotTime(`${String(hour).padStart(2, "0")}:${String(minutes).padStart(2, "0")}`));
  }
  return slots;
}

/** Consecutive days (in week order) that keep the same hours, as one group each. */
function hourGroups(hours: readonly OpeningHours[]) {
  const byDay = new Map(hours.map((entry) => [entry.day, entry]));
  const groups: { first: Weekday; last: Weekday; opens: string; closes: string }[] = [];
  for (const day of WEEKDAYS) {
    const entry = byDay.get(day);
    const previous = groups.at(-1);
    if (!entry) continue;
    const follows = previous && WEEKDAYS.indexOf(previous.last) === WEEKDAYS.indexOf(day) - 1;
    if (follows && previous.opens === entry.opens && previous.closes === entry.closes) {
      previous.last = day;
    } else {
      groups.push({ first: day, last: day, opens: entry.opens, closes: entry.closes });
    }
  }
  return groups;
}

/**
 * Where a visitor finds a state's insurance regulator when the profile names none: the
 * NAIC's list of every state's insurance department.
 */
export const STATE_REGULATORS_URL = "https://content.naic.org/state-insurance-departments";

/** "Minnesota" from "MN" (the profile check admits the 50 states' codes only). */
function stateNameOf(code: string): string {
  return isUsStateCode(code) ? usStateName(code) : code;
}

/** "Minnesota", "Oregon and Washington", "Idaho, Oregon and Washington". */
export function listOfNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

export function deriveAgency(profile: AgencyProfile) {
  const { street, city, state, zip } = profile.address;
  const singleLine = `${street}, ${city}, ${state} ${zip}`;
  const phone = phoneForms(profile.phone);
  const openingHours: readonly OpeningHours[] = [...profile.openingHours].sort(
    (a, b) => WEEKDAYS.indexOf(a.day) - WEEKDAYS.indexOf(b.day),
  );
  const groups = hourGroups(openingHours);
  const days = (first: string, last: string, short: boolean) => {
    const name = (day: string) => (short ? day.slice(0, 3) : day);
    return first === last ? name(first) : `${name(first)}${short ? "-" : " - "}${name(last)}`;
  };
  return {
    name: profile.name,
    legalName: profile.legalName,
    shortName: profile.shortName,
    licenseNumber: profile.licenseNumber,
    isSample: profile.sample === true,
    siteUrl: profile.siteUrl.replace(/\/+$/, ""),
    phone: phone.display,
    phoneE164: phone.e164,
    phoneHref: phone.href,
    fax: phoneForms(profile.fax).display,
    email: profile.email,
    emailHref: `mailto:${profile.email}`,
    address: { street, city, state, zip, country: "US", singleLine },
    coordinates: { lat: profile.coordinates.lat, lng: profile.coordinates.lng },
    directionsUrl: `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(singleLine)}`,
    mapEmbedUrl: `https://www.google.com/maps?q=${encodeURIComponent(singleLine)}&output=embed`,
    timeZone: profile.timeZone,
    areaServed: profile.areaServed,
    /** The area the pages name ("Minneapolis–St. Paul"): the profile's region, or the first place served. */
    region: profile.region ?? profile.areaServed[0] ?? city,
    /** The name of the office's state ("Minnesota"): its law governs the terms of use. */
    stateName: stateNameOf(state),
    licensedIn: profile.licensedIn.filter(isUsStateCode) as readonly UsStateCode[],
    /** The states the agency is licensed in, by name, as a sentence says them ("Minnesota"). */
    licensedInNames: listOfNames(profile.licensedIn.map(stateNameOf)),
    /**
     * Who licenses insurance agencies in the office's state, written to follow "the" ("the
     * Minnesota Department of Commerce"); "the Oregon insurance regulator" and the NAIC's
     * list when the profile names none.
     */
    regulator: profile.regulator ?? {
      name: `${stateNameOf(state)} insurance regulator`,
      url: STATE_REGULATORS_URL,
    },
    openingHours,
    hoursDisplay: groups.map((group) => ({
      days: days(group.first, group.last, false),
      hours: `${clockTime(group.opens)} - ${clockTime(group.closes)}`,
    })),
    phoneHoursDisplay:
      profile.phoneHours ??
      groups.map(
        (group) =>
          `${days(group.first, group.last, true)} ${compactTime(group.opens)}-${compactTime(group.closes)}`,
      ),
    hoursNote: profile.hoursNote,
    /** The appointment slots ("09:00 AM" … "05:00 PM"); appointment/options.ts's TIME_SLOTS. */
    bookingSlots: bookingSlots(profile.bookingHours),
    /** When the last slot ends ("06:00 PM"), an hour after it starts: a closure's "to end of day". */
    bookingDayEnd: slotTime(
      `${String(Number(profile.bookingHours.lastSlot.slice(0, 2)) + 1).padStart(2, "0")}${profile.bookingHours.lastSlot.slice(2)}`,
    ),
    socialLinks: profile.socialLinks,
    stats: profile.stats,
    /** Each marketing figure by kind; a kind the profile leaves out is undefined. */
    figures: Object.fromEntries(profile.stats.map((stat) => [stat.kind, stat])) as Partial<
      Record<FigureKind, { value: string; label: string }>
    >,
    office: profile.office,
    brand: profile.brand,
    /** A file name in the profile folder. */
    logo: profile.logo,
    team: profile.team,
    carriers: profile.carriers.map((carrier) => ({
      ...carrier,
      claimsPhone: phoneForms(carrier.claimsPhone),
      customerServicePhone:
        carrier.customerServicePhone === undefined
          ? undefined
          : phoneForms(carrier.customerServicePhone),
    })),
    reviews: profile.reviews,
  };
}

export type Agency = ReturnType<typeof deriveAgency>;
