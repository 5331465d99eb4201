import type { User } from "@agency/domain";

/**
 * The Users view's search (spec: first name, last name and email). Case-insensitive and
 * accent-insensitive; a full name ("dana berg") matches too. Staff lists are small, so the
 * list is filtered in the browser.
 */
export function matchesUserSearch(user: User, query: string): boolean {
  const terms = normalise(query).split(/\s+/).filter(Boolean);
  if (terms.length === 0) return true;
  const haystack = normalise(`${user.firstName} ${user.lastName} ${user.email}`);
  return terms.every((term) => haystack.includes(term));
}

function normalise(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
}
