import { CONTACT_MESSAGES, CONTACT_SUBJECTS } from "@agency/domain";
import type { FormEvent } from "react";
import { CallUsOffer } from "../../components/call-us-offer";
import {
  CheckboxField,
  InputField,
  PhoneField,
  SelectField,
  SubmitButton,
  TextAreaField,
} from "../../components/form-controls";
import { HoneypotField } from "../../components/honeypot-field";
import { PrivacyNotice } from "../../components/privacy-notice";
import { cn } from "../../lib/cn";
import {
  type ContactField,
  type ContactFormState,
  contactControlId,
  useContactForm,
} from "./use-contact-form";

interface ContactFormProps {
  /** The form element's id; the contact page scrolls to it ("contactForm"). */
  id: string;
  /** The id of the heading that names the form. */
  labelledBy: string;
  className?: string;
}

const SUBJECT_OPTIONS = CONTACT_SUBJECTS.map(({ value, label }) => ({ value, label }));

/** The contact page's message form (its fields, rules and messages: the domain's contact/). */
export function ContactForm({ id, labelledBy, className }: ContactFormProps) {
  const form = useContactForm(id);
  const { submitState } = form;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void form.submit();
  };

  return (
    <form
      id={id}
      aria-labelledby={labelledBy}
      noValidate
      tabIndex={-1}
      onSubmit={onSubmit}
      {...form.loadOnTouch}
      aria-busy={form.isSending || undefined}
      data-ready={form.isHydrated ? "true" : "false"}
      className={cn(
        "relative rounded-2xl border border-slate-200 bg-white p-5 shadow-sm focus:outline-none focus-visible:outline-3 sm:p-8",
        className,
      )}
    >
      {submitState.status === "success" ? (
        <SuccessPanel form={form} />
      ) : (
        <ContactFields form={form} />
      )}
    </form>
  );
}

function SuccessPanel({ form }: { form: ContactFormState }) {
  return (
    <div
      ref={form.panelRef}
      tabIndex={-1}
      role="status"
      className="flex flex-col items-center gap-3 rounded-xl border border-emerald-600 bg-emerald-50 px-5 py-10 text-center focus:outline-none focus-visible:outline-3"
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-emerald-700 text-white">
        <svg
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth={2.5}
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
          focusable="false"
          className="size-7"
        >
          <path d="m5 12.5 4.5 4.5L19 7.5" />
        </svg>
      </span>
      <p className="text-xl font-bold text-emerald-950">{CONTACT_MESSAGES.successTitle}</p>
      <p className="max-w-md text-emerald-950">{CONTACT_MESSAGES.successBody}</p>
    </div>
  );
}

function ContactFields({ form }: { form: ContactFormState }) {
  const { values, submitState } = form;
  const text = (field: Exclude<ContactField, "notRobot">) => ({
    id: contactControlId(field),
    name: field,
    error: form.errorOf(field),
    onValueChange: (value: string) => form.setText(field, value),
    onBlur: () => form.touch(field),
  });

  return (
    <div className="space-y-5">
      {submitState.status === "error" ? (
        <div
          ref={form.errorsRef}
          tabIndex={-1}
          role="alert"
          className="rounded-lg border border-red-700 bg-red-50 p-4 text-red-800 focus:outline-none focus-visible:outline-3"
        >
          <ul className="list-inside list-disc font-medium">
            <li>{submitState.message}</li>
          </ul>
          <CallUsOffer />
        </div>
      ) : null}

      <p className="text-sm text-slate-600">All fields are required.</p>

      <div className="grid gap-5 sm:grid-cols-2">
        <InputField
          {...text("firstName")}
          label="First name"
          value={values.firstName}
          autoComplete="given-name"
        />
        <InputField
          {...text("lastName")}
          label="Last name"
          value={values.lastName}
          autoComplete="family-name"
        />
        <InputField
          {...text("email")}
          label="Email"
          type="email"
          value={values.email}
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
        />
        <PhoneField
          {...text("phone")}
          label="Phone"
          digits={values.phone}
          onDigitsChange={(digits) => form.setText("phone", digits)}
          autoComplete="tel-national"
          hint="10 digits, for example (612) 555-0100"
        />
      </div>

      <SelectField
        {...text("subject")}
        label="Subject"
        value={values.subject}
        options={SUBJECT_OPTIONS}
        placeholder="Select a subject"
      />

      <TextAreaField
        {...text("message")}
        label="Message"
        value={values.message}
        rows={6}
        hint="Please do not include Social Security, bank account or driver's license numbers."
      />

      <HoneypotField idPrefix="contact" value={form.honeypot} onChange={form.setHoneypot} />

      <CheckboxField
        id={contactControlId("notRobot")}
        name="notRobot"
        label="I'm not a robot"
        checked={values.notRobot === true}
        error={form.errorOf("notRobot")}
        onCheckedChange={form.setNotRobot}
        onBlur={() => form.touch("notRobot")}
      />

      <PrivacyNotice
        id="contact-consent"
        consent={form.contactConsent}
        onConsentChange={form.setContactConsent}
      />

      <SubmitButton
        isBusy={form.isSending}
        label="Send Message"
        busyLabel={CONTACT_MESSAGES.sending}
        busyStatus={CONTACT_MESSAGES.sending}
      />
    </div>
  );
}
