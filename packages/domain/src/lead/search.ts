import { nationalPhoneDigits } from "../phone.ts";

/** Separates the fields of `search_text`; no search term contains it. */
export const SEARCH_FIELD_SEPARATOR = "|";

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** Who a lead is about, as far as search is concerned. */
export type SearchablePerson = {
  /** "First Last" or its parts; an appointment has one name field. */
  name?: string;
  firstName?: string;
  lastName?: string;
  email: string;
  phone: string;
};

/**
 * The one normalisation both sides of a search go through: compatibility forms folded
 * (NFKC: full-width "Ｍａｒｉａ" is "maria"), accents dropped ("José" is "jose", so a
 * search typed without them finds them), lower case with Greek final sigma as plain sigma
 * (toLowerCase picks ς or σ by position, which would make a part of a word miss),
 * curly apostrophes as straight ones, runs of white space as one space, and "|" (the
 * column's separator) as a space.
 *
 * Migration 20261125110000 holds a frozen copy of this and of `leadSearchText`; a change
 * here needs a new migration that recomputes `search_text` (search.test.ts says so).
 */
export function normaliseSearchText(text: string): string {
  // Printable ASCII has nothing to fold, no marks and no curly quotes: the same result
  // without the four Unicode passes (most names, every email and phone).
  if (PRINTABLE_ASCII.test(text)) {
    return text.toLowerCase().replaceAll(SEARCH_FIELD_SEPARATOR, " ").replace(/ {2,}/g, " ").trim();
  }
  return (
    text
      .normalize("NFKD")
      .toLowerCase()
      .normalize("NFKD")
      .replace(/\p{M}+/gu, "")
      .normalize("NFC")
      .replaceAll("ς", "σ")
      // After the folding: full-width "｜" becomes "|" only there.
      .replaceAll(SEARCH_FIELD_SEPARATOR, " ")
      .replace(/[\u2018\u2019\u02BC]/g, "'")
      .replace(/\s+/gu, " ")
      .trim()
  );
}

/**
 * The one column a lead search reads: the full name both ways round ("maria ali",
 * "ali maria"; "pa nhia vang", "vang pa nhia"), the email and the phone's national digits, normalised, separated by "|"
 * (which no term can contain, so a match never spans two fields).
 */
export function leadSearchText(person: SearchablePerson): string {
  const first = person.firstName ?? "";
  const last = person.lastName ?? "";
  const full = normaliseSearchText(person.name ?? `${first} ${last}`);
  // One name field ("Pa Nhia Vang"): its last word is taken for the family name.
  const words = full.split(" ");
  const reversed =
    person.name === undefined
      ? normaliseSearchText(`${last} ${first}`)
      : words.length > 1
        ? [words.at(-1), ...words.slice(0, -1)].join(" ")
        : "";
  const digits = nationalPhoneDigits(person.phone);
  return [full, reversed, normaliseSearchText(person.email), digits]
    .filter(Boolean)
    .join(SEARCH_FIELD_SEPARATOR);
}

/** Text that is only digits and a phone number's punctuation: "(612) 555-0382", "+1 612". */
const PHONE_LIKE = /^[\d\s().+-]+$/;

/**
 * What a search box's text looks for in `leadSearchText` (as one substring): a phone
 * number in any format ("(612) 555-0382", "612-555-0382", "+1 612 555 0382") becomes
 * its digits; anything else is normalised like the column. Empty when nothing is left
 * to look for.
 */
export function leadSearchTerm(query: string): string {
  const text = normaliseSearchText(query);
  if (PHONE_LIKE.test(text) && /\d/.test(text)) return nationalPhoneDigits(text);
  return text;
}

/**
 * Shortest term a trigram index can look up; shorter terms are matched by reading the
 * column (still correct, just not indexed).
 */
export const INDEXED_SEARCH_TERM_LENGTH = 3;
