import { API_ENDPOINTS, LEAD_ENTRY_MESSAGES, PERSON_MESSAGES, type Person } from "@agency/domain";
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { FormAlert, SubmitButton } from "../../components/form-controls";
import { type ApiFailure, errorText, type FieldError } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { useDashboard } from "../../lib/dashboard-context";
import { useFormSubmission } from "../../lib/use-form-submission";
import { LeadField } from "../lead-entry";
import {
  changedBody,
  isPersonField,
  PERSON_FIELDS,
  type PersonField,
  type PersonValues,
  problemsOf,
  valuesOf,
} from "./person-form";

/** What the page says after a save, and when one fails without the server's own words. */
export const PERSON_FORM_TEXT = {
  saved: "The person's details were saved.",
  saveFailed: "The person's details could not be saved. Please try again.",
  correct: "Please correct the fields marked below.",
} as const;

/**
 * A refused save's field messages: the server's own, or for its 409s (an email or a phone
 * that belongs to another person; decision 0066) the field the message is about.
 */
function fieldErrorsOf(failure: ApiFailure): FieldError[] {
  if (failure.errors.length > 0) return failure.errors;
  const message = errorText(failure, "");
  if (failure.status === 409 && message === PERSON_MESSAGES.emailTaken) {
    return [{ field: "email", message }];
  }
  if (failure.status === 409 && message === PERSON_MESSAGES.phoneTaken) {
    return [{ field: "phone", message }];
  }
  return [];
}

interface EditPersonProps {
  person: Person;
  onSaved: (person: Person) => void;
  onCancel: () => void;
}

/**
 * The person's details as a form, under PersonUpdateSchema's rules and messages (the
 * domain's, the same the server applies). Only changed fields are sent (the server audits
 * each before and after); one save at a time. A refused save keeps what was typed and
 * shows the server's words above the fields and its field messages at the fields (a 409:
 * another person already has this email or phone, or the details changed meanwhile).
 */
export function EditPerson({ person, onSaved, onCancel }: EditPersonProps) {
  const { call } = useAuth();
  const { showToast } = useDashboard();
  const [values, setValues] = useState<PersonValues>(() => valuesOf(person));
  const [failure, setFailure] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  const [focusRequest, setFocusRequest] = useState<PersonField | "alert" | "first" | null>("first");
  const submission = useFormSubmission<PersonField>();
  const { touched, serverMessages } = submission;
  const formId = useId();
  const idOf = (path: string) => `${formId}-${path.replace(".", "-")}`;
  const alertRef = useRef<HTMLDivElement>(null);

  const problems = useMemo(() => problemsOf(values), [values]);
  const errorOf = (path: PersonField) =>
    serverMessages[path] ?? (touched.has(path) ? problems[path] : undefined);

  useEffect(() => {
    if (focusRequest === null) return;
    setFocusRequest(null);
    if (focusRequest === "alert") alertRef.current?.focus();
    else
      document
        .getElementById(idOf(focusRequest === "first" ? PERSON_FIELDS[0].path : focusRequest))
        ?.focus();
  });

  async function save() {
    // Never twice: a save in flight ignores every further press (and Enter).
    if (submission.isSending()) return;
    const paths = PERSON_FIELDS.map((field) => field.path);
    submission.setTouched(new Set(paths));
    submission.setServerMessages({});
    const invalid = problemsOf(values);
    if (Object.keys(invalid).length > 0) {
      setFailure(PERSON_FORM_TEXT.correct);
      setFocusRequest(paths.find((path) => path in invalid) ?? "alert");
      return;
    }
    const body = changedBody(values, person);
    if (Object.keys(body).length === 0) {
      showToast(LEAD_ENTRY_MESSAGES.detailsUnchanged, "info");
      onCancel();
      return;
    }
    setIsSending(true);
    setFailure(null);
    const outcome = await submission.send(body, () =>
      call(API_ENDPOINTS.people.update, { params: { id: person._id }, body }),
    );
    setIsSending(false);
    if (outcome.ok && outcome.data?.data?._id === person._id) {
      submission.reset();
      showToast(PERSON_FORM_TEXT.saved);
      onSaved(outcome.data.data);
      return;
    }
    if (outcome.ok) {
      setFailure(PERSON_FORM_TEXT.saveFailed);
      setFocusRequest("alert");
      return;
    }
    setFailure(errorText(outcome, PERSON_FORM_TEXT.saveFailed));
    const shown = submission.showServerMessages(fieldErrorsOf(outcome), isPersonField);
    setFocusRequest(paths.find((path) => path in shown) ?? "alert");
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void save();
  };

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-busy={isSending || undefined}
      aria-label="Edit details"
      className="space-y-4"
    >
      <p className="text-sm text-slate-700">
        Every change is recorded with who made it and the values before and after.
      </p>
      {failure ? <FormAlert focusRef={alertRef}>{failure}</FormAlert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {PERSON_FIELDS.map((field) => (
          <LeadField
            key={field.path}
            field={field}
            id={idOf(field.path)}
            value={values[field.path]}
            error={errorOf(field.path)}
            onChange={(value) => {
              setValues((previous) => ({ ...previous, [field.path]: value }));
              // A person needs an email or a phone: either one answers both messages.
              submission.forgetServerMessages(
                ...(field.path === "email" || field.path === "phone"
                  ? (["email", "phone"] as const)
                  : [field.path]),
              );
            }}
            onBlur={() => submission.touch(field.path)}
          />
        ))}
      </div>
      <div className="flex flex-wrap items-center justify-end gap-3 border-t border-slate-200 pt-4">
        <button
          type="button"
          onClick={onCancel}
          className="min-h-12 flex-1 cursor-pointer rounded-md px-4 font-semibold text-navy-900 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 sm:flex-none"
        >
          Cancel
        </button>
        <div className="flex-1 sm:flex-none [&_button]:px-4">
          <SubmitButton
            isBusy={isSending}
            label="Save changes"
            busyLabel="Saving…"
            busyStatus="Saving the person's details…"
          />
        </div>
      </div>
    </form>
  );
}
