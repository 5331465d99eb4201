import * as z from "zod";

/** `{ success: true }`: a change was made (a delete, a sign-out). */
export const SuccessSchema = z.object({ success: z.literal(true) });

/** `{ success: true, message }`: a change was made and the answer says what to tell the person. */
export const SuccessMessageSchema = z.object({ success: z.literal(true), message: z.string() });

/** The contract's 4xx/5xx answer (docs/contract.md, "HTTP API"). */
export const ErrorAnswerSchema = z.object({
  success: z.literal(false).optional(),
  message: z.string().optional(),
  error: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});

/** The 201 answer of a public form: the stored record's id and time, and what to show. */
export function createdAnswer<Shape extends z.ZodRawShape>(data: Shape) {
  return z.object({
    success: z.literal(true),
    message: z.string(),
    data: z.object({ _id: z.string(), ...data }),
  });
}
