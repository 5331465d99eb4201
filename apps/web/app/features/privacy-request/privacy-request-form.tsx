import {
  PRIVACY_REQUEST_KIND_LABELS,
  PRIVACY_REQUEST_KINDS,
  PRIVACY_REQUEST_LIMITS,
} from "@agency/domain";
import type { FormEvent } from "react";
import { CallUsOffer } from "../../components/call-us-offer";
import {
  InputField,
  PhoneField,
  SelectField,
  SubmitButton,
  TextAreaField,
} from "../../components/form-controls";
import { HoneypotField } from "../../components/honeypot-field";
import {
  type PrivacyRequestField,
  type PrivacyRequestFormState,
  privacyControlId,
  usePrivacyRequestForm,
} from "./use-privacy-request-form";

const KIND_OPTIONS = PRIVACY_REQUEST_KINDS.map((kind) => ({
  value: kind,
  label: PRIVACY_REQUEST_KIND_LABELS[kind],
}));

/**
 * The privacy page's request form (issue 30 §2): what the person asks, who they are, and a
 * link sent to their email to confirm it. Its rules load on the first touch.
 */
export function PrivacyRequestForm({ labelledBy }: { labelledBy: string }) {
  const form = usePrivacyRequestForm();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void form.submit();
  };
  return (
    <form
      id="privacy-request-form"
      aria-labelledby={labelledBy}
      noValidate
      onSubmit={onSubmit}
      {...form.loadOnTouch}
      aria-busy={form.isSending || undefined}
      data-ready={form.isHydrated ? "true" : "false"}
      className="relative mt-6 rounded-2xl border border-slate-200 bg-white p-5 text-base shadow-sm sm:p-6 [&_li]:mt-0 [&_p]:mt-0 [&_ul]:mt-0 [&_ul]:list-none [&_ul]:pl-0"
    >
      {form.submitState.status === "sent" ? (
        <div
          ref={form.panelRef}
          tabIndex={-1}
          role="status"
          className="rounded-xl border border-emerald-600 bg-emerald-50 p-5 text-emerald-950 focus:outline-none focus-visible:outline-3"
        >
          <p className="font-bold">Request received</p>
          <p className="mt-2">{form.submitState.message}</p>
        </div>
      ) : (
        <Fields form={form} />
      )}
    </form>
  );
}

function Fields({ form }: { form: PrivacyRequestFormState }) {
  const { values, submitState } = form;
  const text = (field: PrivacyRequestField) => ({
    id: privacyControlId(field),
    name: field,
    error: form.errorOf(field),
    onValueChange: (value: string) => form.setText(field, value),
    onBlur: () => form.touch(field),
  });
  const { onValueChange: _typed, ...phone } = text("phone");
  return (
    <div className="space-y-5">
      {submitState.status === "error" ? (
        <div
          ref={form.errorsRef}
          tabIndex={-1}
          role="alert"
          className="rounded-lg border border-red-700 bg-red-50 p-4 font-medium text-red-800 focus:outline-none focus-visible:outline-3"
        >
          <p>{submitState.message}</p>
          <CallUsOffer />
        </div>
      ) : null}
      <SelectField
        {...text("kind")}
        label="What would you like us to do?"
        value={values.kind}
        options={KIND_OPTIONS}
        placeholder="Choose a request"
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField {...text("name")} label="Your name" value={values.name} autoComplete="name" />
        <InputField
          {...text("email")}
          label="Email"
          type="email"
          value={values.email}
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          hint="We send a link here to confirm it is you."
        />
      </div>
      <PhoneField
        {...phone}
        label="Phone"
        isOptional
        digits={values.phone}
        onDigitsChange={(digits) => form.setText("phone", digits)}
        autoComplete="tel-national"
      />
      <TextAreaField
        {...text("details")}
        label="Details"
        isOptional
        value={values.details}
        rows={4}
        maxLength={PRIVACY_REQUEST_LIMITS.detailsMaxLength}
        hint="What should we correct, or anything that helps us find your records. Please do not include Social Security or account numbers."
      />
      <HoneypotField idPrefix="privacy-request" value={form.honeypot} onChange={form.setHoneypot} />
      <SubmitButton
        isBusy={form.isSending}
        label="Send request"
        busyLabel="Sending…"
        busyStatus="Sending your request"
      />
    </div>
  );
}
