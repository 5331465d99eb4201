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

export const IdParamsSchema = z.object({ id: RecordIdSchema });

/**
 * Free text in a query string (a search, a filter value): cleaned like every text field
 * (sanitize.ts: no controls, bidi controls or lone surrogates), then bounded.
 */
export function queryText(maxLength: number, tooLong: string) {
  return z.string().overwrite(cleanText).max(maxLength, { error: tooLong });
}
