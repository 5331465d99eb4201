import { nationalPhoneDigits } from "../phone.ts";

/** Who a lead is about, as far as search is concerned. */
export type SearchablePerson = {
  /** "First Last" or its parts; an appointment has one name field. */
  name?: string;
  firstName?: string;
  lastName?: string;
  email: string;
  phone: string;
};

function normalise(text: string): string {
  return text.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();
}

/**
 * The one column a lead search reads: the full name both ways round ("maria ali",
 * "ali maria"), the email and the phone's national digits, lower-case, separated by "|"
 * (which no term can contain, so a match never spans two fields).
 */
export function leadSearchText(person: SearchablePerson): string {
  const first = person.firstName ?? "";
  const last = person.lastName ?? "";
  const full = normalise(person.name ?? `${first} ${last}`);
  const reversed = person.name ? "" : normalise(`${last} ${first}`);
  const digits = nationalPhoneDigits(person.phone);
  return [full, reversed, normalise(person.email), digits].filter(Boolean).join("|");
}

/**
 * What a search box's text looks for in `leadSearchText`: a phone number in any format
 * ("(612) 555-0382", "612-555-0382", "+1 612 555 0382") becomes its digits; anything else
 * is normalised like the column. Empty when nothing is left to look for.
 */
export function leadSearchTerm(query: string): string {
  const text = normalise(query).replaceAll("|", " ").trim();
  if (/^[\d\s().+-]+$/.test(text) && /\d/.test(text)) {
    return nationalPhoneDigits(text);
  }
  return text;
}
