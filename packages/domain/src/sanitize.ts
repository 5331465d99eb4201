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

/** The normal form of every free-text field: tag-free and trimmed. */
export function cleanText(value: string): string {
  return stripTags(value).trim();
}
