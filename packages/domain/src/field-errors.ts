import type * as z from "zod";

export interface FieldError {
  /** Dotted path of the field, e.g. "personalInfo.email" or "drivers.0.dob"; "" for the whole form. */
  field: string;
  message: string;
}

type IssueSource = Pick<z.ZodError, "issues"> | readonly z.core.$ZodIssue[];

function issuesOf(source: IssueSource): readonly z.core.$ZodIssue[] {
  return "issues" in source ? source.issues : source;
}

/** Every issue as { field, message }, in the order zod found them (the contract's `errors`). */
export function zodIssuesToFieldErrors(source: IssueSource): FieldError[] {
  return issuesOf(source).map((issue) => ({
    field: issue.path.map((key) => String(key)).join("."),
    message: issue.message,
  }));
}

/** The first message of each field, keyed by dotted path, for showing below form fields. */
export function firstMessageByField(source: IssueSource): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const { field, message } of zodIssuesToFieldErrors(source)) {
    if (!(field in messages)) messages[field] = message;
  }
  return messages;
}

/** A form's answers checked by its schema: the cleaned value, or one message per field. */
export type FormCheck<T> = { ok: true; value: T } | { ok: false; messages: Record<string, string> };

/** Checks a form's answers with its schema (the forms' rules modules load this lazily). */
export function checkWith<S extends z.ZodType>(schema: S, input: unknown): FormCheck<z.output<S>> {
  const result = schema.safeParse(input);
  return result.success
    ? { ok: true, value: result.data }
    : { ok: false, messages: firstMessageByField(result.error) };
}
