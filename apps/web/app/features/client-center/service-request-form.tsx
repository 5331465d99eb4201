import {
  ATTACHMENT_ACCEPT,
  ATTACHMENT_LIMITS,
  ATTACHMENT_TYPES,
  SERVICE_MESSAGES,
  type ServiceKind,
} from "@agency/domain";
import type { FormEvent } from "react";
import {
  describedBy,
  errorIdOf,
  FieldLabel,
  FieldMessage,
  FormAlert,
  hintIdOf,
  InputField,
  PhoneField,
  SelectField,
  SubmitButton,
  TextAreaField,
} from "../../components/form-controls";
import { HoneypotField } from "../../components/honeypot-field";
import { Icon } from "../../components/icons/icon";
import { PrivacyNotice } from "../../components/privacy-notice";
import { cn } from "../../lib/cn";
import { formatFileSize } from "./attachment-files";
import { COMMON_FIELD_SPECS, type FieldSpec, KIND_FIELD_SPECS } from "./service-request-fields";
import {
  ATTACHMENTS_FIELD,
  type ServiceRequestFormState,
  serviceControlId,
  useServiceRequestForm,
} from "./use-service-request-form";

const FILE_TYPE_NAMES = ATTACHMENT_TYPES.map((type) => type.label).join(", ");
const FILES_HINT = `Up to ${ATTACHMENT_LIMITS.maxFiles} photos or PDFs (${FILE_TYPE_NAMES}), each at most 10 MB and 25 MB together.`;

interface ServiceRequestFormProps {
  kind: ServiceKind;
  /** The id of the heading that names the form. */
  labelledBy: string;
  /** What the send button says ("Send request"). */
  submitLabel: string;
  /** Said above the button, after the notice that nothing changes until an agent confirms. */
  notice?: string;
}

/**
 * One Client Center request form (its fields, rules and messages: the domain's service/;
 * its mechanism: the contact form's). The answer shows the request's reference and what
 * happens next.
 */
export function ServiceRequestForm({
  kind,
  labelledBy,
  submitLabel,
  notice,
}: ServiceRequestFormProps) {
  const form = useServiceRequestForm(kind);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void form.submit();
  };

  return (
    <form
      id={`service-${kind}-form`}
      aria-labelledby={labelledBy}
      noValidate
      onSubmit={onSubmit}
      {...form.loadOnTouch}
      aria-busy={form.isSending || undefined}
      data-ready={form.isHydrated ? "true" : "false"}
      className="relative rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
    >
      {form.submitState.status === "success" ? (
        <SuccessPanel form={form} reference={form.submitState.reference} />
      ) : (
        <RequestFields form={form} submitLabel={submitLabel} notice={notice} />
      )}
    </form>
  );
}

function SuccessPanel({ form, reference }: { form: ServiceRequestFormState; reference: string }) {
  return (
    <div
      ref={form.panelRef}
      tabIndex={-1}
      role="status"
      className="flex flex-col items-center gap-3 rounded-xl border border-emerald-600 bg-emerald-50 px-5 py-8 text-center focus:outline-none focus-visible:outline-3"
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-emerald-700 text-white">
        <Icon name="check" className="size-7" />
      </span>
      <p className="text-xl font-bold text-emerald-950">{SERVICE_MESSAGES.successTitle}</p>
      <p className="text-emerald-950">
        Your reference number:{" "}
        <strong className="font-mono text-lg whitespace-nowrap">{reference}</strong>
      </p>
      <p className="max-w-md text-emerald-950">{SERVICE_MESSAGES.nextSteps}</p>
      <p className="max-w-md text-emerald-950">{SERVICE_MESSAGES.notInEffect}</p>
      {form.kind === "claim" ? (
        <p className="max-w-md font-semibold text-emerald-950">
          {SERVICE_MESSAGES.claimNotReported}
        </p>
      ) : null}
      <button
        type="button"
        onClick={form.startAgain}
        className="mt-2 inline-flex min-h-11 cursor-pointer items-center rounded-md px-4 font-semibold text-emerald-900 underline underline-offset-4 hover:bg-emerald-100"
      >
        Send another request
      </button>
    </div>
  );
}

function RequestFields({
  form,
  submitLabel,
  notice,
}: {
  form: ServiceRequestFormState;
  submitLabel: string;
  notice: string | undefined;
}) {
  const { submitState } = form;
  return (
    <div className="space-y-5">
      {submitState.status === "error" ? (
        <FormAlert focusRef={form.errorsRef} offersPhone>
          {submitState.message}
        </FormAlert>
      ) : null}

      <p className="text-sm text-slate-600">All fields are required unless marked optional.</p>

      <div className="grid gap-5 sm:grid-cols-2">
        {[...COMMON_FIELD_SPECS, ...KIND_FIELD_SPECS[form.kind]].map((spec) => (
          <RequestField key={spec.name} form={form} spec={spec} />
        ))}
      </div>

      <AttachmentsField form={form} />

      <HoneypotField
        idPrefix={`service-${form.kind}`}
        value={form.honeypot}
        onChange={form.setHoneypot}
      />

      <div className="rounded-lg bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-200 ring-inset">
        <p className="font-semibold">{SERVICE_MESSAGES.notInEffect}</p>
        {notice ? <p className="mt-1">{notice}</p> : null}
      </div>

      <PrivacyNotice
        id={serviceControlId(form.kind, "contactConsent")}
        consent={form.contactConsent}
        onConsentChange={form.setContactConsent}
      />

      <SubmitButton
        isBusy={form.isSending}
        label={submitLabel}
        busyLabel="Sending…"
        busyStatus="Sending your request…"
      />
    </div>
  );
}

function RequestField({ form, spec }: { form: ServiceRequestFormState; spec: FieldSpec }) {
  const field = spec.name;
  const common = {
    id: serviceControlId(form.kind, field),
    name: field,
    label: spec.label,
    hint: spec.hint,
    isOptional: spec.isOptional,
    error: form.errorOf(field),
    onValueChange: (value: string) => form.setValue(field, value),
    onBlur: () => form.touch(field),
    className: spec.isWide ? "sm:col-span-2" : undefined,
  };
  const value = form.values[field] ?? "";
  switch (spec.control) {
    case "phone":
      return (
        <PhoneField
          {...common}
          digits={value}
          onDigitsChange={(digits) => form.setValue(field, digits)}
          autoComplete="tel-national"
        />
      );
    case "textarea":
      return <TextAreaField {...common} value={value} rows={spec.rows} />;
    case "select":
      return (
        <SelectField
          {...common}
          value={value}
          options={spec.options}
          placeholder={spec.placeholder}
        />
      );
    default:
      return (
        <InputField
          {...common}
          type={spec.control}
          value={value}
          autoComplete={spec.autoComplete}
          {...(spec.control === "email" ? { inputMode: "email", spellCheck: false } : {})}
        />
      );
  }
}

/**
 * The files: a picker (its types narrowed; the content decides) and the list of files kept,
 * each with its Remove button. A file that breaks a rule is named in the message below.
 */
function AttachmentsField({ form }: { form: ServiceRequestFormState }) {
  const id = serviceControlId(form.kind, ATTACHMENTS_FIELD);
  const error = form.fileErrorOf();
  const isFull = form.files.length >= ATTACHMENT_LIMITS.maxFiles;
  return (
    <div className="min-w-0">
      <FieldLabel htmlFor={id} isOptional>
        Photos or documents
      </FieldLabel>
      <p id={hintIdOf(id)} className="mt-1 text-sm text-slate-600">
        {FILES_HINT}
      </p>
      <input
        ref={form.fileInputRef}
        id={id}
        name={ATTACHMENTS_FIELD}
        type="file"
        multiple
        accept={ATTACHMENT_ACCEPT}
        disabled={isFull}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hintIdOf(id), error && errorIdOf(id))}
        onChange={(event) => void form.chooseFiles(Array.from(event.target.files ?? []))}
        className={cn(
          "mt-2 block w-full min-w-0 cursor-pointer rounded-md border border-dashed bg-slate-50 p-2 text-base text-slate-800 file:mr-3 file:min-h-10 file:cursor-pointer file:rounded-md file:border-0 file:bg-brand-700 file:px-4 file:font-semibold file:text-white disabled:cursor-not-allowed",
          error ? "border-red-700" : "border-slate-500",
        )}
      />
      {form.files.length > 0 ? (
        <ul aria-label="Files to send" className="mt-3 space-y-2">
          {form.files.map((chosen) => (
            <li
              key={chosen.id}
              className="flex items-center gap-3 rounded-lg border border-slate-200 px-3 py-1"
            >
              <Icon name="document" className="size-5 shrink-0 text-brand-700" />
              <span className="min-w-0 flex-1 truncate text-slate-800">{chosen.file.name}</span>
              <span className="shrink-0 text-sm text-slate-600">
                {formatFileSize(chosen.file.size)}
              </span>
              <button
                type="button"
                onClick={() => form.removeFile(chosen.id)}
                className="flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-md text-slate-700 hover:bg-slate-100"
              >
                <Icon name="close" className="size-5" />
                <span className="sr-only">Remove {chosen.file.name}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <FieldMessage id={errorIdOf(id)} message={error} />
    </div>
  );
}
