import {
  CONTACT_MESSAGES,
  CONTACT_SUCCESS_REDIRECT_MS,
  type ContactMessageInput,
  createEmptyContactMessage,
  formatPhone,
} from "@agency/domain";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { lazyModule, useLazyModule } from "../../lib/lazy-module";
import { scrollToElementId } from "../../lib/scroll";
import { type FieldMessages, useFormSubmission } from "../../lib/use-form-submission";
import { useIsHydrated } from "../../lib/use-is-hydrated";
import { sendContact } from "./send-contact";

/** The form's rules (zod), loaded when the visitor first touches the form. */
const contactRules = lazyModule(() => import("./contact-rules"));

/** Where the spec sends the visitor 5 seconds after a message was sent. */
export const CONTACT_PAGE_PATH = "/contact-us";

/** The fields in the order they appear, so focus goes to the first invalid one. */
export const CONTACT_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "subject",
  "message",
  "notRobot",
] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

type TextField = Exclude<ContactField, "notRobot">;
type ContactValues = Omit<ContactMessageInput, "formattedPhone">;

export type ContactSubmitState =
  | { status: "idle" }
  | { status: "sending" }
  | { status: "success" }
  | { status: "error"; message: string };

function isContactField(field: string): field is ContactField {
  return (CONTACT_FIELDS as readonly string[]).includes(field);
}

/** The message as it is sent: `formattedPhone` only once the phone has been typed in. */
function toInput(values: ContactValues, isPhoneTyped: boolean): ContactMessageInput {
  return isPhoneTyped ? { ...values, formattedPhone: formatPhone(values.phone) } : values;
}

export const contactControlId = (field: ContactField) => `contact-${field}`;

/**
 * The contact form's state (messages: the domain's contact/messages.ts): values, messages shown on
 * blur and on submit (and kept current while a touched field is edited), and the
 * submission: idle → sending → success (form cleared; 5 seconds later the panel hides and
 * the page returns to /contact-us at the form) or error (the list, every value kept).
 * The domain schema both checks and cleans (tags stripped, phone as digits), so what is
 * sent is exactly what the server will accept.
 */
export function useContactForm(formId: string) {
  const navigate = useNavigate();
  const [values, setValues] = useState<ContactValues>(createEmptyContactMessage);
  /** The optional call/text consent (decision 0080): never required, unticked at first. */
  const [contactConsent, setContactConsent] = useState(false);
  const [isPhoneTyped, setIsPhoneTyped] = useState(false);
  const [honeypot, setHoneypot] = useState("");
  const submission = useFormSubmission<ContactField>();
  const { touched, serverMessages, touch, forgetServerMessages } = submission;
  const [submitState, setSubmitState] = useState<ContactSubmitState>({ status: "idle" });
  const [focusRequest, setFocusRequest] = useState<
    { kind: "field"; field: ContactField } | { kind: "panel" | "errors" | "form" } | null
  >(null);
  const isHydrated = useIsHydrated();

  const returnTimer = useRef<number | undefined>(undefined);
  const panelRef = useRef<HTMLDivElement>(null);
  const errorsRef = useRef<HTMLDivElement>(null);

  useEffect(() => () => window.clearTimeout(returnTimer.current), []);

  const { module: rules, ensure: ensureRules, loadOnTouch } = useLazyModule(contactRules);

  const schemaMessages = useMemo<FieldMessages<ContactField>>(() => {
    const check = rules?.checkContactMessage(toInput(values, isPhoneTyped));
    if (!check || check.ok) return {};
    const messages: FieldMessages<ContactField> = {};
    for (const [field, message] of Object.entries(check.messages)) {
      if (isContactField(field)) messages[field] = message;
    }
    return messages;
  }, [rules, values, isPhoneTyped]);

  const errorOf = (field: ContactField): string | undefined =>
    serverMessages[field] ?? (touched.has(field) ? schemaMessages[field] : undefined);

  useEffect(() => {
    if (!focusRequest) return;
    setFocusRequest(null);
    if (focusRequest.kind === "field") {
      document.getElementById(contactControlId(focusRequest.field))?.focus();
    } else if (focusRequest.kind === "panel") {
      panelRef.current?.focus();
    } else if (focusRequest.kind === "errors") {
      errorsRef.current?.focus();
    } else {
      document.getElementById(formId)?.focus({ preventScroll: true });
      scrollToElementId(formId);
    }
  }, [focusRequest, formId]);

  const setText = (field: TextField, value: string) => {
    if (field === "phone") setIsPhoneTyped(true);
    setValues((previous) => ({ ...previous, [field]: value }));
    forgetServerMessages(field);
  };

  const setNotRobot = (checked: boolean) => {
    setValues((previous) => ({ ...previous, notRobot: checked }));
    // A click is a decision: show the message at once when the box is unticked again.
    touch("notRobot");
    forgetServerMessages("notRobot");
  };

  const returnToForm = useCallback(() => {
    setSubmitState({ status: "idle" });
    // Already on /contact-us: a router navigation, no reload, and no jump to the page top.
    void navigate(CONTACT_PAGE_PATH, { replace: true, preventScrollReset: true });
    setFocusRequest({ kind: "form" });
  }, [navigate]);

  const submit = async () => {
    if (submission.isSending() || submitState.status === "success") return;
    submission.setTouched(new Set(CONTACT_FIELDS));
    submission.setServerMessages({});
    const checks = rules ?? (await ensureRules());
    if (submission.isSending()) return;
    if (!checks) {
      // The rules could not load: the connection is gone, and a send would fail as well.
      setSubmitState({ status: "error", message: CONTACT_MESSAGES.submitFailed });
      setFocusRequest({ kind: "errors" });
      return;
    }
    const check = checks.checkContactMessage(toInput(values, isPhoneTyped));
    if (!check.ok) {
      const first = CONTACT_FIELDS.find((field) => field in check.messages);
      if (first) setFocusRequest({ kind: "field", field: first });
      return;
    }
    // Sent as cleaned by the schema: tags stripped, text trimmed, the phone as digits.
    const message = check.value;
    setSubmitState({ status: "sending" });
    const outcome = await submission.send({ message, honeypot, contactConsent }, (key) =>
      sendContact(message, honeypot, key, contactConsent),
    );

    if (outcome.ok) {
      submission.reset();
      setValues(createEmptyContactMessage());
      setIsPhoneTyped(false);
      setHoneypot("");
      setContactConsent(false);
      setSubmitState({ status: "success" });
      setFocusRequest({ kind: "panel" });
      window.clearTimeout(returnTimer.current);
      returnTimer.current = window.setTimeout(returnToForm, CONTACT_SUCCESS_REDIRECT_MS);
      return;
    }
    const fieldMessages = submission.showServerMessages(outcome.fieldErrors, isContactField);
    setSubmitState({ status: "error", message: outcome.message });
    const first = CONTACT_FIELDS.find((field) => field in fieldMessages);
    setFocusRequest(first ? { kind: "field", field: first } : { kind: "errors" });
  };

  return {
    values,
    honeypot,
    contactConsent,
    setContactConsent,
    setHoneypot,
    setText,
    setNotRobot,
    touch,
    errorOf,
    submit,
    submitState,
    isSending: submitState.status === "sending",
    isHydrated,
    /** Goes on the <form>: the rules load at the visitor's first touch of it. */
    loadOnTouch,
    panelRef,
    errorsRef,
  };
}

export type ContactFormState = ReturnType<typeof useContactForm>;
