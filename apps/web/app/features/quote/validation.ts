import {
  AnyStatePersonalInfoSchema,
  CoverageSchema,
  DriversSchema,
  firstMessageByField,
  PersonalInfoSchema,
  type QuoteFormInput,
  type QuoteStep,
  VehicleInfoSchema,
} from "@agency/domain";
import type { QuoteVariant } from "./quote-steps";

/** One message per invalid field, keyed by the field's full dotted path. */
export type FieldMessages = Record<string, string>;

/** What this module needs of a zod schema (the web app does not depend on zod itself). */
interface StepSchema {
  safeParse(
    value: unknown,
  ): { success: true } | { success: false; error: Parameters<typeof firstMessageByField>[0] };
}

function messagesOf(schema: StepSchema, value: unknown, prefix: string): FieldMessages {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const messages: FieldMessages = {};
  for (const [field, message] of Object.entries(firstMessageByField(result.error))) {
    messages[field === "" ? prefix : `${prefix}.${field}`] = message;
  }
  return messages;
}

/** The messages a step shows under its fields, from the domain's step schemas. */
export function stepMessages(
  step: QuoteStep,
  form: QuoteFormInput,
  variant: QuoteVariant,
): FieldMessages {
  switch (step) {
    case "start":
      return messagesOf(
        // The dialog takes any of the 50 states, with the page's rules (decision 0012).
        variant === "page" ? PersonalInfoSchema : AnyStatePersonalInfoSchema,
        form.personalInfo,
        "personalInfo",
      );
    case "vehicle":
      return messagesOf(VehicleInfoSchema, form.vehicleInfo, "vehicleInfo");
    case "drivers":
      return messagesOf(DriversSchema, form.drivers, "drivers");
    case "details":
      return messagesOf(CoverageSchema, form.coverage, "coverage");
    case "rate":
      return {};
  }
}

export function hasMessages(messages: FieldMessages): boolean {
  return Object.keys(messages).length > 0;
}
