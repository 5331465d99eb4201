/** Spec quirk: "Commercial Insurance" is stored but shown as "Business Insurance". */
export const CONTACT_SUBJECTS = [
  { value: "Auto Insurance", label: "Auto Insurance" },
  { value: "Home Insurance", label: "Home Insurance" },
  { value: "Commercial Insurance", label: "Business Insurance" },
  { value: "Renter's Insurance", label: "Renter's Insurance" },
  { value: "Other", label: "Other" },
] as const;

export type ContactSubject = (typeof CONTACT_SUBJECTS)[number]["value"];
export const CONTACT_SUBJECT_VALUES: readonly ContactSubject[] = CONTACT_SUBJECTS.map(
  (subject) => subject.value,
);

/** An input people never see or fill (hidden from view and from assistive technology). */
export const HONEYPOT_FIELD = "website";
