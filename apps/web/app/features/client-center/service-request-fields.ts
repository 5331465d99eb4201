import {
  AGENCY,
  INJURY_ANSWERS,
  POLICY_CHANGE_TYPES,
  type ServiceKind,
  serviceCarrierChoices,
} from "@agency/domain";
import type { SelectOption } from "../../components/form-controls";

/**
 * How the Client Center's five forms show their fields (the fields themselves, their rules
 * and messages: the domain's service/schema.ts). Labels and hints are the page's own.
 */
interface BaseSpec {
  /** The request's field (ServiceRequestSchema). */
  name: string;
  label: string;
  hint?: string;
  isOptional?: boolean;
  /** The field takes the whole row of the form's grid. */
  isWide?: boolean;
}

export type FieldSpec = BaseSpec &
  (
    | { control: "text" | "email" | "date"; autoComplete?: string }
    | { control: "phone" }
    | { control: "textarea"; rows: number }
    | { control: "select"; options: readonly SelectOption[]; placeholder: string }
  );

const NO_PERSONAL_NUMBERS =
  "Please do not include Social Security, bank account or driver's license numbers.";

/** Who asks and about which policy: the first fields of every form. */
export const COMMON_FIELD_SPECS: readonly FieldSpec[] = [
  { name: "name", label: "Your name", control: "text", autoComplete: "name" },
  { name: "email", label: "Email", control: "email", autoComplete: "email" },
  {
    name: "phone",
    label: "Phone",
    control: "phone",
    hint: `10 digits, for example ${AGENCY.phone.slice(0, 5)} 555-0100`,
  },
  {
    name: "carrier",
    label: "Insurance company",
    control: "select",
    options: serviceCarrierChoices().map((name) => ({ value: name, label: name })),
    placeholder: "Select a company",
  },
  {
    name: "policyNumber",
    label: "Policy number",
    control: "text",
    isOptional: true,
    hint: "On your ID card or declarations page, if you have it.",
  },
];

/** Each kind's own fields, in the form's order. */
export const KIND_FIELD_SPECS: Record<ServiceKind, readonly FieldSpec[]> = {
  "id-cards": [
    {
      name: "vehicles",
      label: "Vehicles that need ID cards",
      control: "textarea",
      rows: 3,
      hint: "Year, make and model of each, or “all vehicles”.",
      isWide: true,
    },
  ],
  "policy-change": [
    {
      name: "changeType",
      label: "What would you like to change?",
      control: "select",
      options: POLICY_CHANGE_TYPES,
      placeholder: "Select a change",
    },
    { name: "effectiveDate", label: "The change should start on", control: "date" },
    {
      name: "details",
      label: "Details of the change",
      control: "textarea",
      rows: 5,
      hint: `For a vehicle: its year, make, model and VIN. For a driver: name and date of birth. ${NO_PERSONAL_NUMBERS}`,
      isWide: true,
    },
  ],
  certificate: [
    { name: "holderName", label: "Certificate holder's name", control: "text" },
    {
      name: "holderEmail",
      label: "Certificate holder's email",
      control: "email",
      isOptional: true,
      hint: "We can send the certificate to them directly.",
    },
    {
      name: "holderAddress",
      label: "Certificate holder's address",
      control: "textarea",
      rows: 3,
      isWide: true,
    },
    {
      name: "purpose",
      label: "What is it for?",
      control: "text",
      hint: "A lease, a loan, a contract, an event…",
    },
    { name: "neededBy", label: "Needed by", control: "date" },
  ],
  claim: [
    { name: "lossDate", label: "Date of the loss", control: "date" },
    {
      name: "lossPlace",
      label: "Where it happened",
      control: "text",
      hint: "An address, an intersection, or a city.",
      isWide: true,
    },
    {
      name: "description",
      label: "What happened",
      control: "textarea",
      rows: 5,
      hint: NO_PERSONAL_NUMBERS,
      isWide: true,
    },
    {
      name: "injuries",
      label: "Was anyone hurt?",
      control: "select",
      options: INJURY_ANSWERS,
      placeholder: "Select an answer",
    },
    { name: "policeReport", label: "Police report number", control: "text", isOptional: true },
  ],
  other: [
    {
      name: "message",
      label: "How can we help?",
      control: "textarea",
      rows: 5,
      hint: NO_PERSONAL_NUMBERS,
      isWide: true,
    },
  ],
};

/** Every field of a kind's form, in its order (focus goes to the first with a message). */
export function fieldNamesOf(kind: ServiceKind): string[] {
  return [...COMMON_FIELD_SPECS, ...KIND_FIELD_SPECS[kind]].map((spec) => spec.name);
}
