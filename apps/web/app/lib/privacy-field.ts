import {
  CONSENT_LIMITS,
  CONTACT_CONSENT_VERSION,
  type ConsentForm,
  PRIVACY_NOTICE,
} from "@agency/domain";

/** The `privacy` field a public form sends (decision 0080): what it showed, and the tick. */
export function privacyField(form: ConsentForm, contactConsent: boolean) {
  return {
    noticeVersion: PRIVACY_NOTICE.version,
    contactConsent,
    consentVersion: contactConsent ? CONTACT_CONSENT_VERSION : "",
    form,
    page:
      typeof window === "undefined" ? "" : window.location.pathname.slice(0, CONSENT_LIMITS.page),
  };
}
