import * as z from "zod";
import { defineRoute } from "../api/define-route.ts";
import { PathIdSchema } from "../api/params.ts";
import { STOP_LINK_MESSAGES } from "./stop-link.ts";

export const StopTokenParamsSchema = z.object({ token: z.string().max(400) });

/**
 * What the stop page or a mail program may send: nothing, `{}` (JSON), or RFC 8058's
 * `List-Unsubscribe=One-Click` (form-encoded). Anything else in it is ignored.
 */
export const StopBodySchema = z
  .object({ "List-Unsubscribe": z.string().max(40).optional() })
  .loose()
  .nullish();

export const StopAnswerSchema = z.object({
  success: z.literal(true),
  message: z.literal(STOP_LINK_MESSAGES.done),
});
export type StopAnswer = z.output<typeof StopAnswerSchema>;

/** The records whose standing staff look up: a person, or a lead of each kind. */
export const DO_NOT_CONTACT_KINDS = [
  "person",
  "quote",
  "contact",
  "appointment",
  "service",
] as const;
export type DoNotContactKind = (typeof DO_NOT_CONTACT_KINDS)[number];

/** `kind` is one of DO_NOT_CONTACT_KINDS; another is an unknown record (404, after the guard). */
export const DoNotContactParamsSchema = z.object({
  kind: z.string().max(40),
  id: PathIdSchema,
});

export function isDoNotContactKind(kind: string): kind is DoNotContactKind {
  return (DO_NOT_CONTACT_KINDS as readonly string[]).includes(kind);
}

/** Since when (ISO) the record's person asked not to be contacted; null: they have not. */
export const DoNotContactAnswerSchema = z.object({
  success: z.literal(true),
  data: z.object({ since: z.string().nullable() }),
});
export type DoNotContactAnswer = z.output<typeof DoNotContactAnswerSchema>;

export const StopLinkRoutes = {
  stop: defineRoute({
    method: "POST",
    path: "/api/consent/stop/:token",
    summary:
      "A person's \"stop contacting me\" link (decision 0081): records a revocation for every person with that email (200 whether or not there is one; idempotent); 404 for a forged link, 409 for a link older than the person's latest consent. A request that accepts HTML gets a 303 to the stop page instead.",
    access: "public",
    params: StopTokenParamsSchema,
    body: StopBodySchema,
    responses: { 200: StopAnswerSchema },
  }),
  doNotContact: defineRoute({
    method: "GET",
    path: "/api/consent/do-not-contact/:kind/:id",
    summary:
      "Whether a person, or a lead's person (by its email), asked not to be contacted, and since when (404 for an unknown record)",
    access: "leads.view",
    params: DoNotContactParamsSchema,
    responses: { 200: DoNotContactAnswerSchema },
  }),
};
