import { AGENCY } from "../agency.ts";

/**
 * What a public form tells a person before they send it, and the consent it asks for
 * (issue 30 §1, decision 0080). Zod-free: the public pages show these without loading any
 * rules (decision 0043).
 *
 * Each text has a version. A submission stores the versions it showed, never the text: a
 * changed text gets a new version here, and the old one stays in the registry so every
 * stored version can be shown as it was.
 */

/** The notice of information practices (Minn. Stat. § 72A.494) on the privacy page. */
export const PRIVACY_NOTICE = {
  version: "notice-2026-11-29",
  href: "/privacy#legal-notices",
} as const;

/** Every notice version ever shown, newest first. */
export const PRIVACY_NOTICE_VERSIONS: readonly string[] = [PRIVACY_NOTICE.version];

/** The short notice above each public form's submit button; the link names the notice. */
export const FORM_NOTICE = {
  before:
    "We use what you send to answer you and to quote and place insurance, and we may collect information about you from others, such as consumer reporting agencies and motor vehicle records. Read our",
  link: "notice of information practices",
  after: ".",
} as const;

/** The call/text consent's wordings by version ({agency} is the agency's name). */
export const CONTACT_CONSENT_WORDINGS: Readonly<Record<string, string>> = {
  "contact-2026-11-29":
    // No form showed an earlier text under this version: it was changed before any did, so
    // that its label does not share words with the forms' own fields (Phone, Message, Time).
    "{agency} may call and text me about insurance at the number I gave, including with automated technology. Optional: not a condition of buying anything. Standard text and data rates may apply; I can ask them to stop whenever I choose.",
};

/** The consent a form asks for today. */
export const CONTACT_CONSENT_VERSION = "contact-2026-11-29";

/** A consent wording as the person read it: the agency's name filled in. */
export function contactConsentText(
  version: string = CONTACT_CONSENT_VERSION,
  agencyName: string = AGENCY.name,
): string {
  return (CONTACT_CONSENT_WORDINGS[version] ?? "").replaceAll("{agency}", agencyName);
}

/** The public forms that show the notice and ask for the consent. */
export const CONSENT_FORMS = [
  "quote",
  "home-quote",
  "contact",
  "booking",
  "client-center",
] as const;
export type ConsentForm = (typeof CONSENT_FORMS)[number];

export const CONSENT_FORM_LABELS: Readonly<Record<ConsentForm, string>> = {
  quote: "quote form",
  "home-quote": "home page quote",
  contact: "contact form",
  booking: "booking form",
  "client-center": "Client Center form",
};

/** How a consent was given or revoked. */
export const CONSENT_VIAS = ["web-form", "phone-call", "email-link", "one-click"] as const;
export type ConsentVia = (typeof CONSENT_VIAS)[number];

export const CONSENT_VIA_LABELS: Readonly<Record<ConsentVia, string>> = {
  "web-form": "on the website",
  "phone-call": "said by phone, recorded by staff",
  "email-link": "the stop link in an email",
  "one-click": "their mail program's unsubscribe button",
};

export const CONSENT_LIMITS = { page: 200, version: 40 } as const;

export const PRIVACY_FIELD_MESSAGES = {
  invalid: "privacy must be an object of noticeVersion, contactConsent, consentVersion and page",
  unknownNotice: "privacy.noticeVersion is not a notice this site has shown",
  unknownConsent: "privacy.consentVersion is not a consent wording this site has shown",
  consentWithoutVersion: "privacy.consentVersion is required when contactConsent is true",
  pageTooLong: `privacy.page must be at most ${CONSENT_LIMITS.page} characters`,
} as const;
