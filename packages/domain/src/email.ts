/**
 * One mailbox, and nothing a mail library could read as more than one (decision 0022).
 *
 * The spec's rule is "text, @, text, dot, text". Read loosely, `a@x.com,b@y.com` and
 * `Eve <a@x.com>, b@y.com` pass it, and a mail library splits them into several
 * recipients: the visitor confirmation would carry the agency's name to strangers. So an
 * address here is exactly one RFC 5321 mailbox in its plain form:
 * - a local part of RFC 5322 "atext" characters (letters and digits of any script too),
 *   in dot-separated runs: no quotes, spaces, commas, semicolons, angle brackets, colons,
 *   parentheses, backslashes or controls, at most 64 characters;
 * - one `@`;
 * - a domain of at least two dot-separated labels of letters, digits and inner hyphens,
 *   each at most 63 characters, the last one alphabetic (or a punycode `xn--` label);
 * - at most 254 characters in all (RFC 5321's path limit less the angle brackets).
 *
 * The rules read an address in its normalised form (normaliseEmail, decision 0048).
 */
export const EMAIL_MAX_LENGTH = 254;
const LOCAL_PART_MAX_LENGTH = 64;
const DOMAIN_LABEL_MAX_LENGTH = 63;

const ATEXT_RUN = "[\\p{L}\\p{M}\\p{N}!#$%&'*+/=?^_`{|}~-]+";
const LOCAL_PART = new RegExp(`^${ATEXT_RUN}(?:\\.${ATEXT_RUN})*$`, "u");
const DOMAIN_LABEL = /^[\p{L}\p{M}\p{N}](?:[\p{L}\p{M}\p{N}-]*[\p{L}\p{M}\p{N}])?$/u;
const TOP_LEVEL_LABEL = /^(?:\p{L}[\p{L}\p{M}]+|xn--[a-z0-9-]+)$/iu;

/** True for exactly one plain mailbox (`local@domain.tld`) of at most 254 characters. */
export function isSingleMailbox(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && hasMailboxShape(value);
}

/** The shape alone, so a form can say "invalid" and "too long" apart. */
export function hasMailboxShape(value: string): boolean {
  const at = value.indexOf("@");
  if (at <= 0 || at !== value.lastIndexOf("@")) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (local.length > LOCAL_PART_MAX_LENGTH || !LOCAL_PART.test(local)) return false;
  const labels = domain.split(".");
  if (labels.length < 2) return false;
  if (
    !labels.every((label) => label.length <= DOMAIN_LABEL_MAX_LENGTH && DOMAIN_LABEL.test(label))
  ) {
    return false;
  }
  return TOP_LEVEL_LABEL.test(labels.at(-1) ?? "");
}

/**
 * What every email field stores (decision 0048): the address in Unicode NFKC, trimmed. A
 * fullwidth `ａ@ｘ.com` (a CJK keyboard's) becomes `a@x.com`, `ﬁ` becomes `fi`: the same
 * letters in their plain form, never a different mailbox. The shape and the length rules run
 * on this form, so no lookalike `＠` or `，` can slip a second address past them.
 */
export function normaliseEmail(value: string): string {
  return value.normalize("NFKC").trim();
}

/**
 * Case folded for comparison: lower, upper, lower again (so `ẞ`, `ß` and `SS` meet, as full
 * case folding has them), then NFKC once more, since a case change can leave a sequence
 * that composes. Close to Unicode's NFKC_Casefold, and idempotent (a property test holds it).
 */
function foldCase(value: string): string {
  return value.toLowerCase().toUpperCase().toLowerCase().normalize("NFKC");
}

/**
 * The one key by which two addresses are the same person (decision 0048), e.g. for the
 * per-person booking limit: NFKC, case folded (local part too: no mailbox provider people
 * use tells `Ana@` from `ana@`), and a `+tag` dropped from the local part (nearly every
 * provider delivers `a+tag@x.com` to `a@x.com`). Never stored as the address itself: the
 * person's address stays as they typed it.
 */
export function emailKey(address: string): string {
  const folded = foldCase(normaliseEmail(address));
  const at = folded.lastIndexOf("@");
  if (at <= 0) return folded;
  const local = folded.slice(0, at);
  // A local part that starts with "+" has no address before its tag: kept whole.
  const plus = local.indexOf("+");
  return plus > 0 ? `${local.slice(0, plus)}${folded.slice(at)}` : folded;
}
