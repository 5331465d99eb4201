import {
  API_ENDPOINTS,
  createStaffAppointmentSchema,
  createStaffQuoteSchema,
  firstMessageByField,
  LEAD_ENTRY_MESSAGES,
  StaffContactSchema,
  type StaffLeadSource,
} from "@agency/domain";
import { useEffect, useMemo, useRef, useState } from "react";
import { type ApiResult, errorText } from "../../lib/api";
import { type AuthContextValue, useAuth } from "../../lib/auth";
import { type FieldMessages, useFormSubmission } from "../../lib/use-form-submission";
import { slotChoices, useDaySlots } from "../appointment";
import {
  emptyValues,
  fieldsOf,
  type LeadKind,
  type LeadValues,
  toRequestBody,
} from "./lead-fields";

// The clock's rules ("today", started slots, dates of birth) are read at each check; the
// server decides with its own clock and horizon.
const SCHEMAS = {
  contact: StaffContactSchema,
  quote: createStaffQuoteSchema(),
  appointment: createStaffAppointmentSchema(),
};

type EntryCheck =
  | { success: false; error: Parameters<typeof firstMessageByField>[0] }
  | {
      success: true;
      answers: unknown;
      /** Sends the checked answers to the kind's staff-entry route, as its body. */
      send: (
        call: AuthContextValue["call"],
        idempotencyKey: string,
      ) => Promise<ApiResult<{ data: { _id: string } }>>;
    };

/** The answers checked by the kind's rules; what passes goes to the kind's own route. */
function checkEntry(kind: LeadKind, body: unknown): EntryCheck {
  switch (kind) {
    case "contact": {
      const result = SCHEMAS.contact.safeParse(body);
      if (!result.success) return result;
      return {
        success: true,
        answers: result.data,
        send: (call, idempotencyKey) =>
          call(API_ENDPOINTS.leadEntry.enterContact, { body: result.data, idempotencyKey }),
      };
    }
    case "quote": {
      const result = SCHEMAS.quote.safeParse(body);
      if (!result.success) return result;
      return {
        success: true,
        answers: result.data,
        send: (call, idempotencyKey) =>
          call(API_ENDPOINTS.leadEntry.enterQuote, { body: result.data, idempotencyKey }),
      };
    }
    case "appointment": {
      const result = SCHEMAS.appointment.safeParse(body);
      if (!result.success) return result;
      return {
        success: true,
        answers: result.data,
        send: (call, idempotencyKey) =>
          call(API_ENDPOINTS.leadEntry.enterAppointment, { body: result.data, idempotencyKey }),
      };
    }
  }
}

export const controlIdOf = (path: string) => `lead-entry-${path.replaceAll(".", "-")}`;

export type EntryState =
  | { status: "editing" }
  | { status: "sending" }
  | { status: "failed"; message: string };

export type SavedLead = { kind: LeadKind; id: string; name: string; isCustomerNotified: boolean };

/**
 * The "Add lead" form: one draft per kind (switching kind, closing the dialog or a refused
 * save never loses what was typed), the public forms' rules from the domain, messages on
 * blur and on submit, one request at a time with one Idempotency-Key per set of answers.
 */
export function useLeadEntry(onSaved: (lead: SavedLead) => void) {
  const { call } = useAuth();
  const [kind, setKind] = useState<LeadKind>("contact");
  const [drafts, setDrafts] = useState<Record<LeadKind, LeadValues>>(() => ({
    contact: emptyValues("contact"),
    quote: emptyValues("quote"),
    appointment: emptyValues("appointment"),
  }));
  const [source, setSource] = useState<StaffLeadSource | "">("phone");
  const [notifyCustomer, setNotifyCustomer] = useState(false);
  const [state, setState] = useState<EntryState>({ status: "editing" });
  const [focusRequest, setFocusRequest] = useState<string | null>(null);
  const submission = useFormSubmission<string>();
  const { touched, serverMessages, forgetServerMessages } = submission;
  const alertRef = useRef<HTMLDivElement>(null);

  const values = drafts[kind];
  const fields = fieldsOf(kind);
  const paths = useMemo(() => new Set(["source", ...fields.map((field) => field.path)]), [fields]);

  const slots = useDaySlots(drafts.appointment.date ?? "");
  const choices = useMemo(() => slotChoices(slots.state, new Date()), [slots.state]);
  const chosenTime = drafts.appointment.time ?? "";
  // A chosen time that turns out to be taken (or gone) on the chosen date is cleared.
  useEffect(() => {
    if (chosenTime === "" || slots.state.status === "loading") return;
    if (choices.some((choice) => choice.time === chosenTime && choice.isSelectable)) return;
    setDrafts((previous) => ({ ...previous, appointment: { ...previous.appointment, time: "" } }));
  }, [choices, chosenTime, slots.state.status]);

  const body = useMemo(
    () => toRequestBody(kind, values, { source, notifyCustomer }),
    [kind, values, source, notifyCustomer],
  );
  const schemaMessages = useMemo<FieldMessages<string>>(() => {
    const result = SCHEMAS[kind].safeParse(body);
    return result.success ? {} : firstMessageByField(result.error);
  }, [kind, body]);

  const errorOf = (path: string): string | undefined =>
    serverMessages[path] ?? (touched.has(path) ? schemaMessages[path] : undefined);

  useEffect(() => {
    if (focusRequest === null) return;
    setFocusRequest(null);
    if (focusRequest === "alert") {
      alertRef.current?.focus();
      return;
    }
    const control = document.getElementById(controlIdOf(focusRequest));
    // The time slots: the chosen or first free slot, else the group.
    const radio =
      control?.querySelector<HTMLInputElement>("input:checked:not(:disabled)") ??
      control?.querySelector<HTMLInputElement>("input:not(:disabled)");
    (radio ?? control)?.focus();
  }, [focusRequest]);

  const edited = () => {
    if (state.status === "failed") setState({ status: "editing" });
  };

  const setValue = (path: string, value: string) => {
    setDrafts((previous) => ({ ...previous, [kind]: { ...previous[kind], [path]: value } }));
    forgetServerMessages(path);
    edited();
  };

  const chooseKind = (next: LeadKind) => {
    if (submission.isSending() || next === kind) return;
    setKind(next);
    // Messages belong to the form they were about; each kind's draft stays as typed.
    submission.reset();
    setState({ status: "editing" });
  };

  const chooseSource = (next: string) => {
    setSource(next as StaffLeadSource | "");
    submission.touch("source");
    forgetServerMessages("source");
    edited();
  };

  const submit = async () => {
    if (submission.isSending()) return;
    submission.setTouched(new Set(paths));
    submission.setServerMessages({});
    const checked = checkEntry(kind, body);
    if (!checked.success) {
      const invalid = firstMessageByField(checked.error);
      const first = ["source", ...fields.map((field) => field.path)].find((p) => p in invalid);
      setState({ status: "failed", message: "Please correct the fields marked below." });
      setFocusRequest(first ?? "alert");
      return;
    }
    setState({ status: "sending" });
    const outcome = await submission.send({ kind, answers: checked.answers }, (idempotencyKey) =>
      checked.send(call, idempotencyKey),
    );
    if (outcome.ok) {
      const name =
        kind === "appointment"
          ? (values.name ?? "")
          : `${values.firstName ?? values["personalInfo.firstName"] ?? ""} ${values.lastName ?? values["personalInfo.lastName"] ?? ""}`;
      submission.reset();
      setDrafts((previous) => ({ ...previous, [kind]: emptyValues(kind) }));
      setNotifyCustomer(false);
      setState({ status: "editing" });
      if (kind === "appointment") slots.refresh();
      onSaved({
        kind,
        id: outcome.data?.data?._id ?? "",
        name: name.trim(),
        // No email, no confirmation, ticked or not (decision 0063).
        isCustomerNotified:
          notifyCustomer && (values.email ?? values["personalInfo.email"] ?? "").trim() !== "",
      });
      return;
    }
    setState({ status: "failed", message: errorText(outcome, LEAD_ENTRY_MESSAGES.entryFailed) });
    if (kind === "appointment" && outcome.status === 409) {
      // Someone took the slot first: show what is still free; everything else stays.
      slots.refresh();
      setFocusRequest("alert");
      return;
    }
    const shown = submission.showServerMessages(outcome.errors, (field): field is string =>
      paths.has(field),
    );
    const first = [...paths].find((path) => path in shown);
    setFocusRequest(first ?? "alert");
  };

  return {
    kind,
    chooseKind,
    values,
    setValue,
    touch: submission.touch,
    errorOf,
    source,
    chooseSource,
    notifyCustomer,
    setNotifyCustomer,
    slots: slots.state,
    choices,
    state,
    isSending: state.status === "sending",
    submit,
    alertRef,
  };
}

export type LeadEntryForm = ReturnType<typeof useLeadEntry>;
