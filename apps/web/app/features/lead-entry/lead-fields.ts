import {
  APPOINTMENT_SERVICES,
  CONTACT_SUBJECTS,
  createEmptyAppointment,
  createEmptyContactMessage,
  createEmptyQuoteForm,
  DEDUCTIBLES,
  INCIDENT_COUNTS,
  LIABILITY_OPTIONS,
  MILEAGE_BANDS,
  OWNERSHIP_TYPES,
  PRIMARY_USES,
  type StaffLeadSource,
  syncPrimaryDriver,
  US_STATES,
  VEHICLE_BODY_TYPES,
  VEHICLE_MAKES,
  vehicleYears,
} from "@agency/domain";
import type { SelectOption } from "../../components/form-controls";
import type { DashboardView } from "../../lib/dashboard-views";

/** The three kinds of lead staff can enter, as the dialog offers them. */
export const LEAD_KINDS = [
  { id: "contact", label: "Message", view: "contacts" },
  { id: "quote", label: "Quote request", view: "quotes" },
  { id: "appointment", label: "Booking", view: "appointments" },
] as const satisfies readonly { id: string; label: string; view: DashboardView }[];
export type LeadKind = (typeof LEAD_KINDS)[number]["id"];

export type FieldSpec = {
  /** The field's dotted path in the request body ("personalInfo.email"), as errors name it. */
  path: string;
  label: string;
  type: "text" | "email" | "phone" | "select" | "textarea" | "date" | "time-slots";
  options?: readonly SelectOption[];
  placeholder?: string;
  isOptional?: boolean;
  /** A line under the control (what the field is for, when it may be left empty). */
  hint?: string;
  autoComplete?: string;
  /** Takes the whole row of the two-column grid. */
  isWide?: boolean;
};
export type FieldGroup = { title?: string; fields: FieldSpec[] };

/**
 * A lead staff took by phone or at the counter may have no email (decision 0063): the phone
 * is enough. The public forms still require one.
 */
const email = (path: string): FieldSpec => ({
  path,
  label: "Email",
  type: "email",
  autoComplete: "off",
  isOptional: true,
  hint: "Leave empty if the customer gave only a phone number.",
});

const choices = (values: readonly (string | number)[]) =>
  values.map((value) => ({ value: String(value), label: String(value) }));

const person = (prefix: string): FieldSpec[] => [
  { path: `${prefix}firstName`, label: "First name", type: "text", autoComplete: "off" },
  { path: `${prefix}lastName`, label: "Last name", type: "text", autoComplete: "off" },
  email(`${prefix}email`),
  { path: `${prefix}phone`, label: "Phone", type: "phone", autoComplete: "off" },
];

/** The fields of each kind, grouped as shown; the quote is the wizard's answers on one page. */
export const LEAD_FIELDS: Record<LeadKind, FieldGroup[]> = {
  contact: [
    {
      fields: [
        ...person(""),
        {
          path: "subject",
          label: "Subject",
          type: "select",
          options: CONTACT_SUBJECTS,
          placeholder: "Select a subject",
          isWide: true,
        },
        { path: "message", label: "Message", type: "textarea", isWide: true },
      ],
    },
  ],
  appointment: [
    {
      fields: [
        { path: "name", label: "Full name", type: "text", autoComplete: "off", isWide: true },
        email("email"),
        { path: "phone", label: "Phone", type: "phone", autoComplete: "off" },
        { path: "date", label: "Date", type: "date" },
        {
          path: "service",
          label: "Insurance type",
          type: "select",
          options: choices(APPOINTMENT_SERVICES),
        },
        { path: "time", label: "Time", type: "time-slots", isWide: true },
        { path: "message", label: "Notes", type: "textarea", isOptional: true, isWide: true },
      ],
    },
  ],
  quote: [
    {
      title: "Applicant",
      fields: [
        ...person("personalInfo."),
        { path: "personalInfo.dob", label: "Date of birth", type: "date" },
        { path: "personalInfo.address", label: "Street address", type: "text", isWide: true },
        { path: "personalInfo.city", label: "City", type: "text" },
        { path: "personalInfo.state", label: "State", type: "select", options: US_STATES },
        { path: "personalInfo.zip", label: "ZIP code", type: "text" },
      ],
    },
    {
      title: "Vehicle",
      fields: [
        {
          path: "vehicleInfo.year",
          label: "Year",
          type: "select",
          options: choices(vehicleYears()),
          placeholder: "Select a year",
        },
        {
          path: "vehicleInfo.make",
          label: "Make",
          type: "select",
          options: choices(VEHICLE_MAKES),
          placeholder: "Select a make",
        },
        {
          path: "vehicleInfo.model",
          label: "Body type",
          type: "select",
          options: choices(VEHICLE_BODY_TYPES),
          placeholder: "Select a body type",
        },
        {
          path: "vehicleInfo.mileage",
          label: "Annual mileage",
          type: "select",
          options: MILEAGE_BANDS,
          placeholder: "Select a mileage",
        },
        {
          path: "vehicleInfo.primaryUse",
          label: "Primary use",
          type: "select",
          options: PRIMARY_USES,
        },
        {
          path: "vehicleInfo.ownership",
          label: "Ownership",
          type: "select",
          options: OWNERSHIP_TYPES,
        },
      ],
    },
    {
      title: "Driver (the applicant)",
      fields: [
        { path: "drivers.0.licenseNumber", label: "License number", type: "text" },
        {
          path: "drivers.0.licenseState",
          label: "License state",
          type: "select",
          options: US_STATES,
          placeholder: "Select a state",
        },
        {
          path: "drivers.0.accidents",
          label: "Accidents (last 3 years)",
          type: "select",
          options: INCIDENT_COUNTS,
        },
        {
          path: "drivers.0.violations",
          label: "Violations (last 3 years)",
          type: "select",
          options: INCIDENT_COUNTS,
        },
      ],
    },
    {
      title: "Coverage",
      fields: [
        {
          path: "coverage.liability",
          label: "Liability",
          type: "select",
          options: LIABILITY_OPTIONS,
        },
        {
          path: "coverage.deductible",
          label: "Deductible",
          type: "select",
          options: DEDUCTIBLES.map((amount) => ({ value: String(amount), label: `$${amount}` })),
        },
      ],
    },
  ],
};

export const fieldsOf = (kind: LeadKind): FieldSpec[] =>
  LEAD_FIELDS[kind].flatMap((group) => group.fields);

/** The public form's empty answers, as the kind's template (booleans and lists included). */
function templateOf(kind: LeadKind): object {
  if (kind === "contact") {
    const { notRobot: _, ...message } = createEmptyContactMessage();
    return message;
  }
  if (kind === "appointment") return createEmptyAppointment();
  return createEmptyQuoteForm();
}

function read(source: unknown, path: string): unknown {
  return path
    .split(".")
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], source);
}

function write(target: object, path: string, value: string): void {
  const keys = path.split(".");
  const last = keys.pop() as string;
  let node = target as Record<string, unknown>;
  for (const key of keys) node = node[key] as Record<string, unknown>;
  node[last] = value;
}

export type LeadValues = Record<string, string>;

/** A fresh form of the kind: each shown field's default from the public form's template. */
export function emptyValues(kind: LeadKind): LeadValues {
  const template = templateOf(kind);
  return Object.fromEntries(
    fieldsOf(kind).map((field) => [field.path, String(read(template, field.path) ?? "")]),
  );
}

/** The request body: the template with the typed answers, the source and the tick. */
export function toRequestBody(
  kind: LeadKind,
  values: LeadValues,
  entry: { source: StaffLeadSource | ""; notifyCustomer: boolean },
): Record<string, unknown> {
  const body = structuredClone(templateOf(kind));
  for (const field of fieldsOf(kind)) write(body, field.path, values[field.path] ?? "");
  // The applicant is the quote's first driver (the wizard mirrors the same fields).
  const synced = kind === "quote" ? syncPrimaryDriver(body as never) : body;
  return { ...synced, ...entry };
}
