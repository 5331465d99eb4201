import * as z from "zod";
import { cleanText } from "../sanitize.ts";

/**
 * A record id in a path (`/api/…/:id`). Ids are made by the server (UUIDs); anything
 * else is refused before it reaches a query, so no byte of a path (a NUL, which
 * PostgreSQL refuses in text) can turn into a server error.
 */
export const RecordIdSchema = z
  .string({ error: "id is invalid" })
  .regex(/^[A-Za-z0-9_-]{1,100}$/, { error: "id is invalid" });

/**
 * A record id as a path segment: a UUID, the only kind of id the server makes (version 4,
 * then version 7 since decision 0044). A segment of any other shape names no route, so
 * `/api/contacts/no-such-action` is an unknown path (404 whoever asks), not a request for
 * the contact "no-such-action" (401 to a stranger); the server's guard reads this schema
 * (apps/server/src/auth/guard.ts).
 */
export const PathIdSchema = z
  .string({ error: "id is invalid" })
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, {
    error: "id is invalid",
  });

export const IdParamsSchema = z.object({ id: PathIdSchema });

/**
 * Free text in a query string (a search, a filter value): cleaned like every text field
 * (sanitize.ts: no controls, bidi controls or lone surrogates), then bounded.
 */
export function queryText(maxLength: number, tooLong: string) {
  return z.string().overwrite(cleanText).max(maxLength, { error: tooLong });
}
