import {
  API_ENDPOINTS,
  AppointmentDetailsChangeSchema,
  type AppointmentRecord,
  ContactDetailsChangeSchema,
  type ContactRecord,
  can,
  firstMessageByField,
  LEAD_ENTRY_MESSAGES,
  type LeadEntryRoutes,
  QuoteDetailsChangeSchema,
  type QuoteRecord,
  type RouteAnswer,
} from "@agency/domain";
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { secondaryButtonClass } from "../../components/control-classes";
import { FormAlert, SubmitButton } from "../../components/form-controls";
import { CloseIcon } from "../../components/icons/index";
import { Modal } from "../../components/modal";
import { type ApiResult, errorText } from "../../lib/api";
import { type AuthContextValue, useAuth } from "../../lib/auth";
import { useDashboard } from "../../lib/dashboard-context";
import { type FieldMessages, useFormSubmission } from "../../lib/use-form-submission";
import { LeadField } from "./lead-field";
import type { FieldSpec } from "./lead-fields";

type Kind = "contact" | "quote" | "appointment";
type Values = Record<string, string>;

const TWO_NAMES: FieldSpec[] = [
  { path: "firstName", label: "First name", type: "text" },
  { path: "lastName", label: "Last name", type: "text" },
];
const REACH: FieldSpec[] = [
  { path: "email", label: "Email", type: "email", isWide: true },
  { path: "phone", label: "Phone", type: "phone", isWide: true },
];

/** Each kind's editable fields, its rules (the public form's, from the domain) and its route. */
const KINDS = {
  contact: {
    fields: [...TWO_NAMES, ...REACH],
    schema: ContactDetailsChangeSchema,
  },
  quote: {
    fields: [...TWO_NAMES, ...REACH],
    schema: QuoteDetailsChangeSchema,
  },
  appointment: {
    fields: [{ path: "name", label: "Full name", type: "text", isWide: true }, ...REACH],
    schema: AppointmentDetailsChangeSchema,
  },
} satisfies Record<Kind, { fields: FieldSpec[]; schema: unknown }>;

type Saved = {
  contact: RouteAnswer<typeof LeadEntryRoutes.editContact, 200>["data"];
  quote: RouteAnswer<typeof LeadEntryRoutes.editQuote, 200>["data"];
  appointment: RouteAnswer<typeof LeadEntryRoutes.editAppointment, 200>["data"];
};

type SaveDetails<K extends Kind> = (
  call: AuthContextValue["call"],
  id: string,
  body: Values,
) => Promise<ApiResult<{ message?: string; data: Saved[K] }>>;

/** Each kind's contact-details route (PATCH), typed by its definition. */
const SAVE: { [K in Kind]: SaveDetails<K> } = {
  contact: (call, id, body) => call(API_ENDPOINTS.leadEntry.editContact, { params: { id }, body }),
  quote: (call, id, body) => call(API_ENDPOINTS.leadEntry.editQuote, { params: { id }, body }),
  appointment: (call, id, body) =>
    call(API_ENDPOINTS.leadEntry.editAppointment, { params: { id }, body }),
};

/** The lead's current contact details as the form's values. */
export function detailsOf(lead: ContactRecord | AppointmentRecord | QuoteRecord): Values {
  if ("personalInfo" in lead) {
    const { firstName, lastName, email, phone } = lead.personalInfo;
    return { firstName, lastName, email, phone };
  }
  if ("name" in lead) return { name: lead.name, email: lead.email, phone: lead.phone };
  return {
    firstName: lead.firstName,
    lastName: lead.lastName,
    email: lead.email,
    phone: lead.phone,
  };
}

interface EditContactDetailsProps<K extends Kind> {
  kind: K;
  id: string;
  current: Values;
  /** Whose details, for the button's accessible name ("Maria Ali"). */
  owner: string;
  onSaved: (record: Saved[K]) => void;
}

/**
 * "Edit contact details" of one lead: a dialog with its name, email and phone under the
 * public form's rules. Only changed fields are sent (the server audits each before and
 * after). A refused save keeps what was typed, with the server's message at the field; the
 * draft also survives closing the dialog until it is saved.
 */
export function EditContactDetails<K extends Kind>({
  kind,
  id,
  current,
  owner,
  onSaved,
}: EditContactDetailsProps<K>) {
  const { call, user } = useAuth();
  const saveDetails: SaveDetails<K> = SAVE[kind];
  const { showToast } = useDashboard();
  const spec = KINDS[kind];
  const [isOpen, setIsOpen] = useState(false);
  const [values, setValues] = useState<Values>(current);
  const [failure, setFailure] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  const [focusRequest, setFocusRequest] = useState<string | null>(null);
  const submission = useFormSubmission<string>();
  const { touched, serverMessages } = submission;
  const titleId = useId();
  const idOf = (path: string) => `${titleId}-${path}`;
  const alertRef = useRef<HTMLDivElement>(null);

  const changed = useMemo(
    () =>
      Object.fromEntries(
        spec.fields
          .map((field) => field.path)
          .filter((path) => (values[path] ?? "") !== (current[path] ?? ""))
          .map((path) => [path, values[path] ?? ""]),
      ),
    [spec, values, current],
  );
  const schemaMessages = useMemo<FieldMessages<string>>(() => {
    const result = spec.schema.safeParse({ ...current, ...values });
    return result.success ? {} : firstMessageByField(result.error);
  }, [spec, values, current]);
  const errorOf = (path: string) =>
    serverMessages[path] ?? (touched.has(path) ? schemaMessages[path] : undefined);

  useEffect(() => {
    if (focusRequest === null) return;
    setFocusRequest(null);
    if (focusRequest === "alert") alertRef.current?.focus();
    else document.getElementById(idOf(focusRequest))?.focus();
  });

  const open = () => {
    // A fresh form shows the lead as it is now, unless a draft is waiting.
    if (Object.keys(changed).length === 0) setValues(current);
    setIsOpen(true);
  };

  async function save() {
    if (submission.isSending()) return;
    const paths = spec.fields.map((field) => field.path);
    submission.setTouched(new Set(paths));
    submission.setServerMessages({});
    const checked = spec.schema.safeParse({ ...current, ...values });
    if (!checked.success) {
      const invalid = firstMessageByField(checked.error);
      setFailure("Please correct the fields marked below.");
      setFocusRequest(paths.find((path) => path in invalid) ?? "alert");
      return;
    }
    if (Object.keys(changed).length === 0) {
      setIsOpen(false);
      showToast(LEAD_ENTRY_MESSAGES.detailsUnchanged, "info");
      return;
    }
    setIsSending(true);
    setFailure(null);
    const outcome = await submission.send(changed, () => saveDetails(call, id, changed));
    setIsSending(false);
    if (outcome.ok) {
      submission.reset();
      setIsOpen(false);
      onSaved(outcome.data.data);
      showToast(outcome.data.message ?? LEAD_ENTRY_MESSAGES.detailsSaved);
      return;
    }
    setFailure(errorText(outcome, LEAD_ENTRY_MESSAGES.saveFailed));
    const shown = submission.showServerMessages(outcome.errors, (field): field is string =>
      paths.includes(field),
    );
    setFocusRequest(paths.find((path) => path in shown) ?? "alert");
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void save();
  };

  // Offered only to roles the server lets change a lead (leads.work).
  if (!can(user, "leads.work")) return null;
  return (
    <>
      <button type="button" aria-haspopup="dialog" onClick={open} className={secondaryButtonClass}>
        Edit contact details<span className="sr-only"> of {owner}</span>
      </button>
      {isOpen ? (
        <Modal labelledBy={titleId} onClose={() => setIsOpen(false)}>
          <form noValidate onSubmit={onSubmit} aria-busy={isSending || undefined}>
            <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-5 py-3">
              <h2 id={titleId} className="text-lg font-bold text-navy-900">
                Edit contact details
              </h2>
              <button
                type="button"
                onClick={() => setIsOpen(false)}
                aria-label="Close"
                className="flex size-11 cursor-pointer items-center justify-center rounded-md text-slate-700 hover:bg-slate-100"
              >
                <CloseIcon className="size-5" />
              </button>
            </div>
            <div className="space-y-4 p-5">
              <p className="text-sm text-slate-700">
                Every change is recorded with who made it and the values before and after.
              </p>
              {failure ? <FormAlert focusRef={alertRef}>{failure}</FormAlert> : null}
              <div className="grid gap-4 sm:grid-cols-2">
                {spec.fields.map((field) => (
                  <LeadField
                    key={field.path}
                    field={field}
                    id={idOf(field.path)}
                    value={values[field.path] ?? ""}
                    error={errorOf(field.path)}
                    onChange={(value) => {
                      setValues((previous) => ({ ...previous, [field.path]: value }));
                      submission.forgetServerMessages(field.path);
                    }}
                    onBlur={() => submission.touch(field.path)}
                  />
                ))}
              </div>
            </div>
            <div className="flex items-center justify-end gap-3 border-t border-slate-200 px-5 py-3">
              <button
                type="button"
                onClick={() => setIsOpen(false)}
                className="min-h-12 flex-1 cursor-pointer rounded-md px-4 font-semibold text-navy-900 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 sm:flex-none"
              >
                Cancel
              </button>
              <div className="flex-1 sm:flex-none [&_button]:px-4">
                <SubmitButton
                  isBusy={isSending}
                  label="Save changes"
                  busyLabel="Saving…"
                  busyStatus="Saving the contact details…"
                />
              </div>
            </div>
          </form>
        </Modal>
      ) : null}
    </>
  );
}
