import { type FormEvent, useId, useState } from "react";
import type * as z from "zod";
import { focusField } from "../form-controls";

/**
 * The one-field code forms of two-factor sign-in (setting up an authenticator, the second
 * step of a sign-in): the code, its message, the form's error and send-once. `submit`
 * checks the code with `schema`, sends it once, and shows the error `send` answers (null
 * when there is nothing to show), with the keyboard back on the field.
 */
export function useCodeForm(schema: z.ZodType<string>) {
  const id = useId();
  const codeId = `${id}-code`;
  const [code, setCode] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);

  async function submit(
    event: FormEvent<HTMLFormElement>,
    send: (code: string) => Promise<string | null>,
  ) {
    event.preventDefault();
    if (isSending) return;
    setFormError(null);
    const parsed = schema.safeParse(code);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      focusField(codeId);
      return;
    }
    setFieldError(undefined);
    setIsSending(true);
    const error = await send(parsed.data);
    setIsSending(false);
    if (error) {
      setFormError(error);
      focusField(codeId);
    }
  }

  /** A typed change; a shown message follows the new value. */
  function change(value: string) {
    setCode(value);
    if (fieldError) setFieldError(schema.safeParse(value).error?.issues[0]?.message);
  }

  function clear() {
    setCode("");
    setFieldError(undefined);
    setFormError(null);
  }

  return { id, codeId, code, change, fieldError, formError, isSending, submit, clear };
}
