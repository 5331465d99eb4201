import {
  LEAD_SOURCE_LABELS,
  lastBookableDate,
  STAFF_LEAD_SOURCES,
  todayInAgencyZone,
} from "@agency/domain";
import { type FormEvent, useId, useRef } from "react";
import { FormAlert, SelectField, SubmitButton } from "../../components/form-controls";
import { CloseIcon } from "../../components/icons/index";
import { Modal } from "../../components/modal";
import { cn } from "../../lib/cn";
import { TimeSlotPicker } from "../appointment";
import { LeadField } from "./lead-field";
import { LEAD_FIELDS, LEAD_KINDS } from "./lead-fields";
import { controlIdOf, type LeadEntryForm, type SavedLead, useLeadEntry } from "./use-lead-entry";

const SOURCE_OPTIONS = STAFF_LEAD_SOURCES.map((source) => ({
  value: source,
  label: LEAD_SOURCE_LABELS[source],
}));

interface AddLeadDialogProps {
  isOpen: boolean;
  onClose: () => void;
  onSaved: (lead: SavedLead) => void;
}

/**
 * "Add lead": a message, quote request or booking staff received by phone, at the office
 * or by email. Mounted from the first opening on, so a draft survives closing the dialog.
 */
export default function AddLeadDialog({ isOpen, onClose, onSaved }: AddLeadDialogProps) {
  const form = useLeadEntry(onSaved);
  if (!isOpen) return null;
  return <LeadEntryModal form={form} onClose={onClose} />;
}

function LeadEntryModal({ form, onClose }: { form: LeadEntryForm; onClose: () => void }) {
  const titleId = useId();
  const kindRef = useRef<HTMLInputElement>(null);
  const now = new Date();
  const today = todayInAgencyZone(now);
  // A booking's day runs from today to the horizon; a date of birth ends today.
  const rangeOf = (path: string) =>
    path === "date"
      ? { min: today, max: lastBookableDate(now) }
      : path.endsWith("dob")
        ? { min: "1900-01-01", max: today }
        : {};
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void form.submit();
  };

  return (
    <Modal labelledBy={titleId} onClose={onClose} size="lg" initialFocusRef={kindRef}>
      <form noValidate onSubmit={onSubmit} aria-busy={form.isSending || undefined}>
        <div className="sticky top-0 z-10 flex items-center justify-between gap-3 border-b border-slate-200 bg-white px-5 py-3">
          <h2 id={titleId} className="text-lg font-bold text-navy-900">
            Add a lead
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close"
            className="flex size-11 cursor-pointer items-center justify-center rounded-md text-slate-700 hover:bg-slate-100"
          >
            <CloseIcon className="size-5" />
          </button>
        </div>

        <div className="space-y-5 p-5">
          {form.state.status === "failed" ? (
            <FormAlert focusRef={form.alertRef}>{form.state.message}</FormAlert>
          ) : null}

          <fieldset className="min-w-0">
            <legend className="text-sm font-semibold text-navy-900">What came in</legend>
            <div className="mt-1 grid grid-cols-1 gap-2 sm:grid-cols-3">
              {LEAD_KINDS.map((kind, index) => (
                <label
                  key={kind.id}
                  className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-slate-500 px-3 py-2 font-medium has-checked:border-brand-700 has-checked:bg-brand-50 has-checked:ring-1 has-checked:ring-brand-700"
                >
                  <input
                    ref={index === 0 ? kindRef : undefined}
                    type="radio"
                    name="lead-kind"
                    value={kind.id}
                    checked={form.kind === kind.id}
                    onChange={() => form.chooseKind(kind.id)}
                    className="size-5 accent-brand-700"
                  />
                  {kind.label}
                </label>
              ))}
            </div>
          </fieldset>

          <SelectField
            id={controlIdOf("source")}
            name="source"
            label="How it came in"
            value={form.source}
            options={SOURCE_OPTIONS}
            error={form.errorOf("source")}
            onValueChange={form.chooseSource}
            onBlur={() => form.touch("source")}
            className="sm:max-w-xs"
          />

          {LEAD_FIELDS[form.kind].map((group) => (
            <fieldset key={group.title ?? form.kind} className="min-w-0">
              {group.title ? (
                <legend className="mb-2 font-bold text-navy-900">{group.title}</legend>
              ) : null}
              <div className="grid gap-4 sm:grid-cols-2">
                {group.fields.map((field) =>
                  field.type === "time-slots" ? (
                    <div key={field.path} className="sm:col-span-2">
                      <TimeSlotPicker
                        id={controlIdOf(field.path)}
                        value={form.values[field.path] ?? ""}
                        choices={form.choices}
                        state={form.slots}
                        error={form.errorOf(field.path)}
                        onChoose={(time) => {
                          form.setValue(field.path, time);
                          form.touch(field.path);
                        }}
                        onBlur={() => form.touch(field.path)}
                      />
                    </div>
                  ) : (
                    <LeadField
                      key={field.path}
                      field={field}
                      id={controlIdOf(field.path)}
                      value={form.values[field.path] ?? ""}
                      error={form.errorOf(field.path)}
                      onChange={(value) => form.setValue(field.path, value)}
                      onBlur={() => form.touch(field.path)}
                      {...rangeOf(field.path)}
                    />
                  ),
                )}
              </div>
            </fieldset>
          ))}

          <NotifyCheckbox checked={form.notifyCustomer} onChange={form.setNotifyCustomer} />
        </div>

        <div className="sticky bottom-0 flex items-center justify-end gap-3 border-t border-slate-200 bg-white px-5 py-3">
          <button
            type="button"
            onClick={onClose}
            className="min-h-12 flex-1 cursor-pointer rounded-md px-4 font-semibold text-navy-900 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 sm:flex-none"
          >
            Cancel
          </button>
          <div className="flex-1 sm:flex-none [&_button]:px-4">
            <SubmitButton
              isBusy={form.isSending}
              label="Save lead"
              busyLabel="Saving…"
              busyStatus="Saving the lead…"
            />
          </div>
        </div>
      </form>
    </Modal>
  );
}

/** Unticked by default: staff decide whether the customer hears from the website. */
function NotifyCheckbox({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  const hintId = useId();
  return (
    <div
      className={cn(
        "flex items-start gap-3 rounded-lg border p-3",
        checked ? "border-brand-600 bg-brand-50" : "border-slate-400",
      )}
    >
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={hintId}
        className="mt-0.5 size-6 shrink-0 cursor-pointer accent-brand-700"
      />
      <div>
        <label htmlFor={id} className="cursor-pointer font-semibold text-navy-900">
          Notify customer by email
        </label>
        <p id={hintId} className="text-sm text-slate-700">
          Sends the website's confirmation to the customer's email (nothing is sent when no email
          was given). Left unticked, no email is sent to anyone.
        </p>
      </div>
    </div>
  );
}
