import * as z from "zod";
import { cleanText } from "../sanitize.ts";
import { DIRECT_SOURCE, FIRST_TOUCH_LIMITS, FIRST_TOUCH_MESSAGES as M } from "./first-touch.ts";

const part = (max: number, tooLong: string) =>
  z.string({ error: M.notText }).overwrite(cleanText).max(max, tooLong).default("");

/**
 * The first touch a public form sends (`leadSource`; decision 0074): bounded, cleaned text,
 * source and medium in lower case. Missing (a form sent by an old page, or without
 * scripts) or empty is "direct".
 */
export const FirstTouchSchema = z
  .object(
    {
      source: part(FIRST_TOUCH_LIMITS.source, M.sourceTooLong),
      medium: part(FIRST_TOUCH_LIMITS.medium, M.mediumTooLong),
      campaign: part(FIRST_TOUCH_LIMITS.campaign, M.campaignTooLong),
    },
    { error: M.invalid },
  )
  .transform((touch) => ({
    source: touch.source.toLowerCase() || DIRECT_SOURCE,
    medium: touch.medium.toLowerCase(),
    campaign: touch.campaign,
  }));

/** The `leadSource` field of the three public forms. */
export const LEAD_SOURCE_FIELD = { leadSource: FirstTouchSchema.optional() };

/** A lead's first touch as records answer it: null for staff-entered leads and leads from before. */
export const FirstTouchRecordSchema = z
  .object({ source: z.string(), medium: z.string(), campaign: z.string() })
  .nullable();
