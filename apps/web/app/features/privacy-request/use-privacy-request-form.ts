import { PRIVACY_REQUEST_MESSAGES } from "@agency/domain";
import { useEffect, useMemo, useRef, useState } from "react";
import { lazyModule, useLazyModule } from "../../lib/lazy-module";
import { type FieldMessages, useFormSubmission } from "../../lib/use-form-submission";
import { useIsHydrated } from "../../lib/use-is-hydrated";
import { sendPrivacyRequest } from "./send-privacy-request";

/** The form's rules (zod), loaded when the visitor first touches the form. */
const privacyRules = lazyModule(() => import("./privacy-request-rules"));

/** The fields in the order they appear, so focus goes to the first invalid one. */
export const PRIVACY_REQUEST_FIELDS = ["kind", "name", "email", "phone", "details"] as const;
export type PrivacyRequestField = (typeof PRIVACY_REQUEST_FIELDS)[number];
type Values = Record<PrivacyRequestField, string>;

const EMPTY: Values = { kind: "", name: "", email: "", phone: "", details: "" };

export const privacyControlId = (field: PrivacyRequestField) => `privacy-request-${field}`;

function isField(field: string): field is PrivacyRequestField {
  return (PRIVACY_REQUEST_FIELDS as readonly string[]).includes(field);
}

export type PrivacySubmitState =
  | { status: "idle" }
  | { status: "sending" }
  | { status: "sent"; message: string }
  | { status: "error"; message: string };

/**
 * The privacy request form's state: values (what was typed before the scripts ran is handed
 * in by lib/early-input), messages on blur and submit, and one submission at a time with an
 * Idempotency-Key (a double press sends once).
 */
export function usePrivacyRequestForm() {
  const [values, setValues] = useState<Values>(EMPTY);
  const [honeypot, setHoneypot] = useState("");
  const submission = useFormSubmission<PrivacyRequestField>();
  const { touched, serverMessages, touch, forgetServerMessages } = submission;
  const [submitState, setSubmitState] = useState<PrivacySubmitState>({ status: "idle" });
  const [focusRequest, setFocusRequest] = useState<PrivacyRequestField | "panel" | "errors" | null>(
    null,
  );
  const panelRef = useRef<HTMLDivElement>(null);
  const errorsRef = useRef<HTMLDivElement>(null);
  const isHydrated = useIsHydrated();
  const { module: rules, ensure, loadOnTouch } = useLazyModule(privacyRules);

  const schemaMessages = useMemo<FieldMessages<PrivacyRequestField>>(() => {
    const check = rules?.checkPrivacyRequest(values);
    if (!check || check.ok) return {};
    const messages: FieldMessages<PrivacyRequestField> = {};
    for (const [field, message] of Object.entries(check.messages)) {
      if (isField(field)) messages[field] = message;
    }
    return messages;
  }, [rules, values]);

  const errorOf = (field: PrivacyRequestField): string | undefined =>
    serverMessages[field] ?? (touched.has(field) ? schemaMessages[field] : undefined);

  useEffect(() => {
    if (!focusRequest) return;
    setFocusRequest(null);
    if (focusRequest === "panel") panelRef.current?.focus();
    else if (focusRequest === "errors") errorsRef.current?.focus();
    else document.getElementById(privacyControlId(focusRequest))?.focus();
  }, [focusRequest]);

  const setText = (field: PrivacyRequestField, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    forgetServerMessages(field);
  };

  const submit = async () => {
    if (submission.isSending() || submitState.status === "sent") return;
    submission.setTouched(new Set(PRIVACY_REQUEST_FIELDS));
    submission.setServerMessages({});
    const checks = rules ?? (await ensure());
    if (submission.isSending()) return;
    if (!checks) {
      setSubmitState({ status: "error", message: PRIVACY_REQUEST_MESSAGES.sendFailed });
      setFocusRequest("errors");
      return;
    }
    const check = checks.checkPrivacyRequest(values);
    if (!check.ok) {
      const first = PRIVACY_REQUEST_FIELDS.find((field) => field in check.messages);
      if (first) setFocusRequest(first);
      return;
    }
    const { website: _trap, ...request } = check.value;
    setSubmitState({ status: "sending" });
    const outcome = await submission.send({ request, honeypot }, (key) =>
      sendPrivacyRequest(request, honeypot, key),
    );
    if (outcome.ok) {
      submission.reset();
      setValues(EMPTY);
      setSubmitState({ status: "sent", message: outcome.message });
      setFocusRequest("panel");
      return;
    }
    const fieldMessages = submission.showServerMessages(outcome.fieldErrors, isField);
    setSubmitState({ status: "error", message: outcome.message });
    const first = PRIVACY_REQUEST_FIELDS.find((field) => field in fieldMessages);
    setFocusRequest(first ?? "errors");
  };

  return {
    values,
    honeypot,
    setHoneypot,
    setText,
    touch,
    errorOf,
    submit,
    submitState,
    isSending: submitState.status === "sending",
    isHydrated,
    loadOnTouch,
    panelRef,
    errorsRef,
  };
}

export type PrivacyRequestFormState = ReturnType<typeof usePrivacyRequestForm>;
