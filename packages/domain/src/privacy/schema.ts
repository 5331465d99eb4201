import * as z from "zod";
import { cleanText } from "../sanitize.ts";
import {
  CONSENT_FORMS,
  CONSENT_LIMITS,
  CONTACT_CONSENT_WORDINGS,
  PRIVACY_FIELD_MESSAGES as M,
  PRIVACY_NOTICE_VERSIONS,
} from "./notice.ts";

/**
 * The `privacy` field each public form sends (decision 0080): which notice it showed,
 * whether the optional call/text consent was ticked, that consent's wording version, and
 * the page. Optional as a whole (the spec requires nothing new): a form sent without it
 * stores "no notice recorded" and no consent. Unknown versions are refused (400): a
 * record must never claim a text nobody was shown.
 */
export const PrivacyFieldSchema = z
  .object(
    {
      noticeVersion: z
        .string({ error: M.invalid })
        .refine((v) => PRIVACY_NOTICE_VERSIONS.includes(v), M.unknownNotice),
      contactConsent: z.boolean({ error: M.invalid }),
      consentVersion: z
        .string({ error: M.invalid })
        .max(CONSENT_LIMITS.version, M.unknownConsent)
        .default(""),
      form: z.enum(CONSENT_FORMS, { error: M.invalid }),
      page: z
        .string({ error: M.invalid })
        .overwrite(cleanText)
        .max(CONSENT_LIMITS.page, M.pageTooLong),
    },
    { error: M.invalid },
  )
  .superRefine((value, ctx) => {
    if (value.contactConsent && value.consentVersion === "") {
      ctx.addIssue({ code: "custom", path: ["consentVersion"], message: M.consentWithoutVersion });
    } else if (value.consentVersion !== "" && !(value.consentVersion in CONTACT_CONSENT_WORDINGS)) {
      ctx.addIssue({ code: "custom", path: ["consentVersion"], message: M.unknownConsent });
    }
  })
  .transform((value) => ({
    ...value,
    // A version sent with the box unticked says nothing: no consent, no wording.
    consentVersion: value.contactConsent ? value.consentVersion : "",
  }));
export type PrivacyField = z.output<typeof PrivacyFieldSchema>;

/** The `privacy` field of the public forms. */
export const PRIVACY_FIELD = { privacy: PrivacyFieldSchema.optional() };
