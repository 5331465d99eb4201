import { normaliseSearchText } from "../lead/search.ts";
import { personEmailKey } from "./person.ts";

/**
 * Possible duplicates (issue 27 §1, decisions 0066 and 0071): two people may be one when
 * they share a **duplicate key**. Only suggested; nothing is ever merged automatically.
 *
 * - `n:<name>|zip:<zip>`: the same name (as search normalises it: case, accents, spaces)
 *   and the same ZIP (its first five digits, so "55401-1234" is "55401");
 * - `n:<name>|dob:<date>`: the same name and a date of birth in common on their quotes;
 * - `em:<email>`: the same email written differently: "+tags" dropped and, at Gmail (which
 *   ignores them), dots in the local part ("Ann.Lee+quotes@gmail.com" is "annlee@gmail.com").
 *   Emails written the same are one person already (the email key), so only the loose
 *   form can find two.
 *
 * Phones need nothing of the kind: the phone key is already the 10 national digits, so
 * two ways of writing one number are one person.
 *
 * The list is ordered by key: the email groups first, then by name (one name's reasons
 * together).
 */
export function personDuplicateKeys(
  person: { firstName: string; lastName: string; zip: string; email: string },
  datesOfBirth: Iterable<string>,
): string[] {
  const keys = new Set<string>();
  const name = normaliseSearchText(`${person.firstName} ${person.lastName}`);
  if (name !== "") {
    const zip = duplicateZip(person.zip);
    if (zip !== "") keys.add(`n:${name}|zip:${zip}`);
    for (const date of datesOfBirth) {
      const dob = date.trim();
      if (dob !== "") keys.add(`n:${name}|dob:${dob}`);
    }
  }
  const email = looseEmail(person.email);
  if (email !== "") keys.add(`em:${email}`);
  return [...keys].sort();
}

/** A ZIP as duplicates compare it: its first five digits, or the text as typed when it has none. */
function duplicateZip(zip: string): string {
  const trimmed = zip.trim();
  const five = /^\d{5}/.exec(trimmed);
  return five ? five[0] : normaliseSearchText(trimmed);
}

const GMAIL_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

/** An email with its "+tag" dropped, and at Gmail its dots too; "" for none. */
export function looseEmail(email: string): string {
  const key = personEmailKey(email);
  const at = key.lastIndexOf("@");
  if (at <= 0) return key;
  let local = key.slice(0, at);
  let domain = key.slice(at + 1);
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    domain = "gmail.com";
    local = local.replaceAll(".", "");
  }
  return local === "" ? "" : `${local}@${domain}`;
}

/** Why a key makes two people possible duplicates. */
export function duplicateReasonOfKey(
  key: string,
): "same-name-and-zip" | "same-name-and-date-of-birth" | "similar-email" {
  if (key.startsWith("em:")) return "similar-email";
  const rest = key.slice(key.indexOf("|") + 1);
  return rest.startsWith("zip:") ? "same-name-and-zip" : "same-name-and-date-of-birth";
}
