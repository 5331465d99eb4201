import { useRef, useState } from "react";
import { type FieldError, newIdempotencyKey } from "./api";

export type FieldMessages<Field extends string> = Partial<Record<Field, string>>;

/**
 * The mechanism the public forms (contact, booking, quote) share; each form keeps its own
 * values, schema and focus handling.
 *
 * - Touch state: a field's own message shows once it has been left (or the form submitted).
 * - Server messages: the field errors of a refused submission, first message per field,
 *   each shown until that field changes.
 * - Send-once: no second request while one is in flight (`isSending()` answers at once,
 *   unlike state, so a double click cannot slip through).
 * - The Idempotency-Key: one per set of answers. The same answers sent again (a retry
 *   after a failure) reuse it, so the server stores them once; changed answers, or a
 *   success, start a new one.
 */
export function useFormSubmission<Field extends string>() {
  const [touched, setTouched] = useState<ReadonlySet<Field>>(() => new Set());
  const [serverMessages, setServerMessages] = useState<FieldMessages<Field>>({});
  const isInFlight = useRef(false);
  /** The key of the answers last sent; the same answers sent again reuse it. */
  const submission = useRef<{ key: string; body: string } | null>(null);

  const touch = (field: Field) =>
    setTouched((previous) => (previous.has(field) ? previous : new Set(previous).add(field)));

  const forgetServerMessages = (...fields: Field[]) =>
    setServerMessages((previous) => {
      if (!fields.some((field) => field in previous)) return previous;
      const next = { ...previous };
      for (const field of fields) delete next[field];
      return next;
    });

  /** Shows a refused submission's field errors (those the form has) and answers them. */
  const showServerMessages = (
    errors: readonly FieldError[],
    isField: (field: string) => field is Field,
  ) => {
    const messages: FieldMessages<Field> = {};
    for (const { field, message } of errors) {
      if (isField(field) && !(field in messages)) messages[field] = message;
    }
    setServerMessages(messages);
    return messages;
  };

  const isSending = () => isInFlight.current;

  /**
   * Sends `answers` with their Idempotency-Key. Callers check `isSending()` first (before
   * validating), so a submission in flight is never doubled.
   */
  const send = async <Outcome extends { ok: boolean }>(
    answers: unknown,
    request: (idempotencyKey: string) => Promise<Outcome>,
  ): Promise<Outcome> => {
    const body = JSON.stringify(answers);
    if (submission.current?.body !== body) submission.current = { key: newIdempotencyKey(), body };
    isInFlight.current = true;
    try {
      const outcome = await request(submission.current.key);
      if (outcome.ok) submission.current = null;
      return outcome;
    } finally {
      isInFlight.current = false;
    }
  };

  /** A fresh form: nothing touched, no server messages, the next answers get a new key. */
  const reset = () => {
    submission.current = null;
    setTouched(new Set());
    setServerMessages({});
  };

  return {
    touched,
    setTouched,
    touch,
    serverMessages,
    setServerMessages,
    forgetServerMessages,
    showServerMessages,
    isSending,
    send,
    reset,
  };
}
