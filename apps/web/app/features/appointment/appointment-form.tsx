import {
  AGENCY,
  APPOINTMENT_FORM_ERROR,
  APPOINTMENT_MESSAGES,
  APPOINTMENT_SERVICES,
  BOOKING_HOURS_DISPLAY,
  DEFAULT_BOOKING_HORIZON_DAYS,
  displaySlot,
  parseCalendarDate,
} from "@agency/domain";
import type { FormEvent } from "react";
import {
  FormAlert,
  InputField,
  PhoneField,
  SelectField,
  SubmitButton,
  TextAreaField,
} from "../../components/form-controls";
import { PhoneIcon } from "../../components/icons/index";
import { PrivacyNotice } from "../../components/privacy-notice";
import { cn } from "../../lib/cn";
import type { BookedAppointment } from "./book-appointment";
import { TimeSlotPicker } from "./time-slot-picker";
import {
  type AppointmentField,
  type AppointmentFormState,
  appointmentControlId,
  useAppointmentForm,
} from "./use-appointment-form";

const SERVICE_OPTIONS = APPOINTMENT_SERVICES.map((service) => ({ value: service, label: service }));

interface AppointmentFormProps {
  /** The form element's id; the page scrolls to it 300 ms after load ("appointment_form"). */
  id: string;
  headingId: string;
  title: string;
  className?: string;
}

/** The booking form, its confirmation and its failures. */
export function AppointmentForm({ id, headingId, title, className }: AppointmentFormProps) {
  const form = useAppointmentForm();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void form.submit();
  };

  return (
    <form
      id={id}
      aria-labelledby={headingId}
      noValidate
      onSubmit={onSubmit}
      {...form.loadOnTouch}
      aria-busy={form.isSubmitting || undefined}
      data-ready={form.isHydrated ? "true" : "false"}
      className={cn("rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8", className)}
    >
      <h2 id={headingId} className="text-2xl font-bold tracking-tight text-navy-900 sm:text-3xl">
        {title}
      </h2>
      {form.state.status === "success" ? (
        <Confirmation form={form} booking={form.state.booking} />
      ) : (
        <BookingFields form={form} />
      )}
    </form>
  );
}

function BookingFields({ form }: { form: AppointmentFormState }) {
  const { values, state } = form;
  const field = (name: Exclude<AppointmentField, "time">) => ({
    id: appointmentControlId(name),
    name,
    error: form.errorOf(name),
    onValueChange: (value: string) => form.setField(name, value),
    onBlur: () => form.touch(name),
  });

  return (
    <div className="mt-2 space-y-5">
      <p className="text-slate-700">
        Pick a weekday and a time between {BOOKING_HOURS_DISPLAY.first} and{" "}
        {BOOKING_HOURS_DISPLAY.last} Central Time. A licensed agent will call to confirm. Every
        field is required unless marked optional.
      </p>

      {form.showFixErrors ? <FormAlert>{APPOINTMENT_FORM_ERROR}</FormAlert> : null}
      {state.status === "failed" ? (
        <FormAlert focusRef={form.alertRef} offersPhone>
          {state.message}
        </FormAlert>
      ) : null}

      <InputField {...field("name")} label="Full name" value={values.name} autoComplete="name" />
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField
          {...field("email")}
          label="Email address"
          type="email"
          value={values.email}
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
        />
        <PhoneField
          {...field("phone")}
          label="Phone number"
          digits={values.phone}
          onDigitsChange={(digits) => form.setField("phone", digits)}
          autoComplete="tel-national"
          hint="10 digits, for example (612) 555-0100"
        />
        <InputField
          {...field("date")}
          label="Preferred date"
          type="date"
          value={values.date}
          min={form.today}
          max={form.lastDate}
          hint={`Monday to Friday, up to ${DEFAULT_BOOKING_HORIZON_DAYS} days ahead; closed on federal holidays.`}
        />
        <SelectField
          {...field("service")}
          label="Insurance type"
          value={values.service}
          options={SERVICE_OPTIONS}
        />
      </div>

      <TimeSlotPicker
        id={appointmentControlId("time")}
        value={values.time}
        choices={form.choices}
        state={form.slots}
        error={form.errorOf("time")}
        onChoose={form.chooseTime}
        onBlur={() => form.touch("time")}
      />

      <TextAreaField
        {...field("message")}
        label="Message"
        isOptional
        value={values.message ?? ""}
        rows={4}
        hint="Anything we should know before we meet, such as the policies you would like to review."
      />

      <PrivacyNotice
        id="appointment-consent"
        consent={form.contactConsent}
        onConsentChange={form.setContactConsent}
      />

      <SubmitButton
        isBusy={form.isSubmitting}
        label="Schedule Appointment"
        busyLabel="Scheduling..."
        busyStatus="Scheduling your appointment..."
      />
    </div>
  );
}

const longDate = new Intl.DateTimeFormat("en-US", {
  weekday: "long",
  month: "long",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

/** "Tuesday, December 1, 2026" for a calendar date (read on the UTC calendar: no shifts). */
function describeDate(date: string): string {
  const parts = parseCalendarDate(date);
  if (!parts) return date;
  return longDate.format(new Date(Date.UTC(parts.year, parts.month - 1, parts.day)));
}

function Confirmation({
  form,
  booking,
}: {
  form: AppointmentFormState;
  booking: BookedAppointment;
}) {
  return (
    <div
      ref={form.panelRef}
      tabIndex={-1}
      className="mt-4 rounded-xl border border-emerald-600 bg-emerald-50 px-5 py-8 text-center focus:outline-none focus-visible:outline-3 sm:px-8"
    >
      <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-emerald-700 text-white">
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
      <div role="status" className="mt-4">
        <p className="text-2xl font-bold text-emerald-950">{APPOINTMENT_MESSAGES.successTitle}</p>
        <p className="mx-auto mt-2 max-w-lg text-emerald-950">{APPOINTMENT_MESSAGES.successBody}</p>
      </div>
      <p className="mt-4 font-semibold text-navy-900">
        {describeDate(booking.date)} at {displaySlot(booking.time)} (Central Time) ·{" "}
        {booking.service}
      </p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <button
          type="button"
          onClick={form.startOver}
          className="inline-flex min-h-12 items-center justify-center rounded-md bg-brand-700 px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-800"
        >
          Schedule Another
        </button>
        <a
          href={AGENCY.phoneHref}
          className="inline-flex min-h-12 items-center justify-center gap-2 rounded-md bg-white px-6 py-3 font-semibold text-navy-900 ring-1 ring-slate-400 ring-inset hover:bg-slate-50"
        >
          <PhoneIcon className="size-5" />
          Call Us
          <span className="sr-only"> at {AGENCY.phone}</span>
        </a>
      </div>
    </div>
  );
}
