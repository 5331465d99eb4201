import {
  APPOINTMENT_MESSAGES,
  type AppointmentInput,
  createEmptyAppointment,
  lastBookableDate,
  todayInAgencyZone,
} from "@agency/domain";
import { useEffect, useMemo, useRef, useState } from "react";
import { lazyModule, useLazyModule } from "../../lib/lazy-module";
import { type FieldMessages, useFormSubmission } from "../../lib/use-form-submission";
import { type BookedAppointment, bookAppointment } from "./book-appointment";
import { slotChoices, useDaySlots } from "./use-day-slots";

/** The fields in the order they appear, so focus goes to the first invalid one. */
export const APPOINTMENT_FIELDS = [
  "name",
  "email",
  "phone",
  "date",
  "time",
  "service",
  "message",
] as const;
export type AppointmentField = (typeof APPOINTMENT_FIELDS)[number];
type FocusRequest =
  | { kind: "field"; field: AppointmentField }
  | { kind: "alert" }
  | { kind: "panel" }
  | { kind: "first-field" };

export type BookingState =
  | { status: "editing" }
  | { status: "submitting" }
  | { status: "success"; booking: BookedAppointment }
  | { status: "failed"; message: string };

/** The form's rules (zod), loaded when the visitor first touches the form. */
const appointmentRules = lazyModule(() => import("./appointment-rules"));

function isAppointmentField(field: string): field is AppointmentField {
  return (APPOINTMENT_FIELDS as readonly string[]).includes(field);
}

export const appointmentControlId = (field: AppointmentField) => `appointment-${field}`;

/**
 * The booking form (its messages word for word in the domain, appointment/messages.ts): each field is
 * checked on blur and, once touched, on every change; a submit touches every field and
 * shows "Please fix the errors below before submitting" while any is invalid. One
 * Idempotency-Key per set of answers (reused when the same answers are sent again), and
 * no second request while one is in flight. A 409 means another visitor took the slot
 * first: the free slots are fetched again and the time is cleared; all else is kept.
 */
export function useAppointmentForm() {
  const [values, setValues] = useState<AppointmentInput>(createEmptyAppointment);
  const submission = useFormSubmission<AppointmentField>();
  const { touched, serverMessages, touch, forgetServerMessages } = submission;
  const [hasTriedSubmit, setHasTriedSubmit] = useState(false);
  const [state, setState] = useState<BookingState>({ status: "editing" });
  const [calendar, setCalendar] = useState<{ today: string; lastDate: string }>();
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null);
  /** The optional call/text consent (decision 0080): never required, unticked at first. */
  const [contactConsent, setContactConsent] = useState(false);

  const alertRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  const date = values.date ?? "";
  const time = values.time ?? "";
  const slots = useDaySlots(date);
  // The prerendered page has no "today"; it is read in the browser after hydration.
  useEffect(() => {
    const now = new Date();
    setCalendar({ today: todayInAgencyZone(now), lastDate: lastBookableDate(now) });
  }, []);
  const choices = useMemo(() => slotChoices(slots.state, new Date()), [slots.state]);

  // A chosen time that turns out to be taken (or gone) on the chosen date is cleared.
  useEffect(() => {
    if (time === "") return;
    if (choices.some((choice) => choice.time === time && choice.isSelectable)) return;
    if (slots.state.status === "loading") return;
    setValues((previous) => ({ ...previous, time: "" }));
  }, [choices, time, slots.state.status]);

  const { module: rules, ensure: ensureRules, loadOnTouch } = useLazyModule(appointmentRules);
  const schemaMessages = useMemo<FieldMessages<AppointmentField>>(() => {
    const check = rules?.checkAppointment(values);
    if (!check || check.ok) return {};
    const messages: FieldMessages<AppointmentField> = {};
    for (const [field, message] of Object.entries(check.messages)) {
      if (isAppointmentField(field)) messages[field] = message;
    }
    return messages;
  }, [rules, values]);

  const errorOf = (field: AppointmentField): string | undefined =>
    serverMessages[field] ?? (touched.has(field) ? schemaMessages[field] : undefined);

  const hasVisibleErrors = APPOINTMENT_FIELDS.some((field) => errorOf(field) !== undefined);

  useEffect(() => {
    if (!focusRequest) return;
    setFocusRequest(null);
    switch (focusRequest.kind) {
      case "alert":
        alertRef.current?.focus();
        break;
      case "panel":
        panelRef.current?.focus();
        break;
      case "first-field":
        focusField(APPOINTMENT_FIELDS[0]);
        break;
      case "field":
        focusField(focusRequest.field);
        break;
    }
  }, [focusRequest]);

  const setField = (field: AppointmentField, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    forgetServerMessages(field);
    if (state.status === "failed") setState({ status: "editing" });
  };

  /** A time is chosen with one click or arrow key: that is the moment to check it. */
  const chooseTime = (slot: string) => {
    setField("time", slot);
    touch("time");
  };

  const submit = async () => {
    if (submission.isSending() || state.status === "success") return;
    submission.setTouched(new Set(APPOINTMENT_FIELDS));
    setHasTriedSubmit(true);
    submission.setServerMessages({});
    const checks = rules ?? (await ensureRules());
    if (submission.isSending()) return;
    if (!checks) {
      // The rules could not load: the connection is gone, and a booking would fail as well.
      setState({ status: "failed", message: APPOINTMENT_MESSAGES.submitFailed });
      setFocusRequest({ kind: "alert" });
      return;
    }
    const check = checks.checkAppointment(values);
    if (!check.ok) {
      const first = APPOINTMENT_FIELDS.find((field) => field in check.messages);
      setState({ status: "editing" });
      if (first) setFocusRequest({ kind: "field", field: first });
      return;
    }
    // Sent as cleaned by the schema: tags stripped, text trimmed, the phone as digits.
    const appointment = check.value;
    setState({ status: "submitting" });
    const outcome = await submission.send({ appointment, contactConsent }, (key) =>
      bookAppointment(appointment, key, contactConsent),
    );

    if (outcome.ok) {
      setState({ status: "success", booking: outcome.booking });
      setFocusRequest({ kind: "panel" });
      return;
    }
    setState({ status: "failed", message: outcome.message });
    if (outcome.isSlotTaken) {
      // Someone else was quicker: show what is still free and let the visitor pick again.
      setValues((previous) => ({ ...previous, time: "" }));
      submission.setTouched((previous) => {
        const next = new Set(previous);
        next.delete("time");
        return next;
      });
      slots.refresh();
      setFocusRequest({ kind: "alert" });
      return;
    }
    const fieldMessages = submission.showServerMessages(outcome.fieldErrors, isAppointmentField);
    const first = APPOINTMENT_FIELDS.find((field) => field in fieldMessages);
    setFocusRequest(first ? { kind: "field", field: first } : { kind: "alert" });
  };

  /** "Schedule Another": a fresh, empty form. */
  const startOver = () => {
    if (submission.isSending()) return;
    submission.reset();
    setValues(createEmptyAppointment());
    setContactConsent(false);
    setHasTriedSubmit(false);
    setState({ status: "editing" });
    setFocusRequest({ kind: "first-field" });
  };

  return {
    values,
    contactConsent,
    setContactConsent,
    today: calendar?.today,
    /** The booking horizon's last day: the date picker stops there. */
    lastDate: calendar?.lastDate,
    slots: slots.state,
    choices,
    setField,
    chooseTime,
    touch,
    errorOf,
    showFixErrors: hasTriedSubmit && hasVisibleErrors,
    submit,
    startOver,
    state,
    isSubmitting: state.status === "submitting",
    isHydrated: calendar !== undefined,
    /** Goes on the <form>: the rules load at the visitor's first touch of it. */
    loadOnTouch,
    alertRef,
    panelRef,
  };
}

export type AppointmentFormState = ReturnType<typeof useAppointmentForm>;

/** Focus the field's control; for the time, the chosen or first free slot, else the group. */
function focusField(field: AppointmentField) {
  if (field === "time") {
    const group = document.getElementById(appointmentControlId("time"));
    const radio =
      group?.querySelector<HTMLInputElement>("input:checked:not(:disabled)") ??
      group?.querySelector<HTMLInputElement>("input:not(:disabled)");
    (radio ?? group)?.focus();
    return;
  }
  document.getElementById(appointmentControlId(field))?.focus();
}
