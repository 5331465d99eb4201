/**
 * A `<` followed by a letter, `/`, `!` or `?` is where an HTML parser starts a tag,
 * comment or processing instruction. Each match runs to the next `>` (inclusive), or
 * stops before the next `<`, or at the end of the text, so unclosed tags go too.
 */
const TAG_LIKE = /<[a-zA-Z/!?][^<>]*(?:>|(?=<)|$)/g;

/**
 * Removes anything that looks like an HTML tag. Repeats until nothing changes, because
 * removing one tag can join the pieces of another (`<<b>script>`).
 * Invariant: the result never contains a `<` that starts a tag; `a < b` is kept.
 */
export function stripTags(value: string): string {
  let current = value;
  for (;;) {
    const next = current.replace(TAG_LIKE, "");
    if (next === current) return current;
    current = next;
  }
}

/**
 * What no text field keeps, on any engine (decision 0022):
 * - C0 controls other than tab, line feed and carriage return, DEL, and C1 controls. NUL
 *   is what PostgreSQL refuses in text (SQLite stores it); the rest are invisible.
 * - Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they
 *   reverse how a name or an address reads in the dashboard ("Trojan Source").
 * - Lone surrogates (half of a pair): not text at all; they cannot be encoded as UTF-8.
 *   With the `u` flag, `[\uD800-\uDFFF]` matches only a surrogate that is not half of a pair.
 */
const UNSAFE_CHARACTERS =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this rule is about
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uD800-\uDFFF]/gu;

/** Line breaks of every kind, including NEL and the Unicode line and paragraph separators. */
const LINE_BREAK = /\r\n?|[\n\u0085\u2028\u2029]/g;

/** Whitespace that must not survive in a one-line field: breaks, tabs, vertical tab, form feed. */
const ONE_LINE_BREAKING = /\r\n?|[\t\n\v\f\u0085\u2028\u2029]/g;

function removeUnsafeCharacters(value: string): string {
  return value.replace(UNSAFE_CHARACTERS, "");
}

/**
 * The normal form of every one-line text field (names, email, phone, address, choices):
 * line breaks and tabs become spaces, unsafe characters go, then tags, then the ends are
 * trimmed. Invariant: the result holds no control character, no bidirectional control,
 * no lone surrogate and no `<` that starts a tag.
 */
export function cleanText(value: string): string {
  return stripTags(removeUnsafeCharacters(value.replace(ONE_LINE_BREAKING, " "))).trim();
}

/**
 * The normal form of a multi-line field (a message): as `cleanText`, but line breaks are
 * kept (as "\n") and so are tabs.
 */
export function cleanMultilineText(value: string): string {
  return stripTags(removeUnsafeCharacters(value.replace(LINE_BREAK, "\n"))).trim();
}

const HAS_UNSAFE_CHARACTER = new RegExp(UNSAFE_CHARACTERS.source, "u");

/** For values that are refused rather than cleaned (a new password is never altered). */
export function hasUnsafeCharacters(value: string): boolean {
  return HAS_UNSAFE_CHARACTER.test(value);
}
