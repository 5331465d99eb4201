import {
  firstMessageByField,
  nationalPhoneDigits,
  PERSON_LIMITS,
  PERSON_MESSAGES,
  type Person,
  PersonUpdateSchema,
  PREFERRED_CONTACT_LABELS,
  PREFERRED_CONTACT_METHODS,
  US_STATES,
} from "@agency/domain";
import type { FieldSpec } from "../lead-entry";

/** The form's values, by the dotted path the server's field errors name them with. */
export type PersonValues = Record<PersonField, string>;

/** The editable fields, in the order shown; the paths are PersonUpdateSchema's. */
export const PERSON_FIELDS = [
  { path: "firstName", label: "First name", type: "text" },
  { path: "lastName", label: "Last name", type: "text" },
  {
    path: "email",
    label: "Email",
    type: "email",
    isOptional: true,
    isWide: true,
    hint: "Leave empty if the person gave only a phone number.",
  },
  { path: "phone", label: "Phone", type: "phone", isOptional: true },
  {
    path: "preferredContact",
    label: "Preferred contact",
    type: "select",
    options: PREFERRED_CONTACT_METHODS.map((method) => ({
      value: method,
      label: PREFERRED_CONTACT_LABELS[method],
    })),
    placeholder: "Not said",
    isOptional: true,
  },
  {
    path: "mailingAddress.street",
    label: "Street",
    type: "text",
    isOptional: true,
    isWide: true,
  },
  { path: "mailingAddress.city", label: "City", type: "text", isOptional: true },
  {
    path: "mailingAddress.state",
    label: "State",
    type: "select",
    options: US_STATES,
    placeholder: "Not given",
    isOptional: true,
  },
  { path: "mailingAddress.zip", label: "ZIP code", type: "text", isOptional: true },
  {
    path: "notes",
    label: "Notes",
    type: "textarea",
    isOptional: true,
    isWide: true,
    hint: `At most ${PERSON_LIMITS.notesMaxLength.toLocaleString("en-US")} characters.`,
  },
] as const satisfies readonly (FieldSpec & { path: string })[];

export type PersonField = (typeof PERSON_FIELDS)[number]["path"];
const PATHS: readonly string[] = PERSON_FIELDS.map((field) => field.path);

export function isPersonField(path: string): path is PersonField {
  return PATHS.includes(path);
}

/** The person as the form's values. */
export function valuesOf(person: Person): PersonValues {
  return {
    firstName: person.firstName,
    lastName: person.lastName,
    email: person.email,
    phone: person.phone,
    preferredContact: person.preferredContact ?? "",
    "mailingAddress.street": person.mailingAddress.street,
    "mailingAddress.city": person.mailingAddress.city,
    "mailingAddress.state": person.mailingAddress.state,
    "mailingAddress.zip": person.mailingAddress.zip,
    notes: person.notes,
  };
}

/** The whole form as the PATCH body (the address travels whole: its parts go together). */
function bodyOf(values: PersonValues) {
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
    phone: values.phone,
    preferredContact: values.preferredContact === "" ? null : values.preferredContact,
    mailingAddress: {
      street: values["mailingAddress.street"],
      city: values["mailingAddress.city"],
      state: values["mailingAddress.state"],
      zip: values["mailingAddress.zip"],
    },
    notes: values.notes,
  };
}

/**
 * What the save sends: only the fields that differ from the person as loaded (the server
 * changes and audits only those), the mailing address whole when any part of it changed.
 * Empty when nothing changed.
 */
export function changedBody(values: PersonValues, current: Person): Record<string, unknown> {
  const before = valuesOf(current);
  const body = bodyOf(values);
  const changed: Record<string, unknown> = {};
  const differs = (path: PersonField) => values[path] !== before[path];
  for (const key of [
    "firstName",
    "lastName",
    "email",
    "phone",
    "preferredContact",
    "notes",
  ] as const) {
    if (differs(key)) changed[key] = body[key];
  }
  if (PATHS.some((path) => path.startsWith("mailingAddress.") && differs(path as PersonField))) {
    changed.mailingAddress = body.mailingAddress;
  }
  return changed;
}

/**
 * The domain's rules on the whole form (PersonUpdateSchema, its messages), first message per
 * field, and the one rule across fields: a person keeps an email or a phone.
 */
export function problemsOf(values: PersonValues): Partial<Record<PersonField, string>> {
  const result = PersonUpdateSchema.safeParse(bodyOf(values));
  const problems: Partial<Record<PersonField, string>> = {};
  if (!result.success) {
    for (const [path, message] of Object.entries(firstMessageByField(result.error))) {
      if (isPersonField(path)) problems[path] = message;
    }
  }
  const hasEmail = values.email.trim() !== "";
  const hasPhone = nationalPhoneDigits(values.phone) !== "";
  if (!hasEmail && !hasPhone) {
    problems.email ??= PERSON_MESSAGES.contactRequired;
    problems.phone ??= PERSON_MESSAGES.contactRequired;
  }
  return problems;
}
