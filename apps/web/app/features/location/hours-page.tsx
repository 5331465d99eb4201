import {
  AGENCY,
  APPOINTMENT_DURATION_MINUTES,
  BOOKING_HOURS_DISPLAY,
  openingHoursSentence,
} from "@agency/domain";
import { Link } from "react-router";
import { ContactDetails } from "../../components/contact-details";
import { CalendarIcon, ClockIcon, PhoneIcon } from "../../components/icons/index";
import { PageHeading } from "../../components/page-heading";
import { Reveal } from "../../components/reveal";
import { AppointmentLink } from "./appointment-link";
import { DirectionsLink } from "./directions-link";

/** "09:00" or "19:30" (24-hour, agency clock) → "9:00 AM" or "7:30 PM". */
function formatClockTime(time: string): string {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  const period = hours >= 12 ? "PM" : "AM";
  const hours12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hours12}:${String(minutes).padStart(2, "0")} ${period}`;
}

const { first: firstSlot, last: lastSlot } = BOOKING_HOURS_DISPLAY;

export function HoursPage() {
  return (
    <>
      <PageHeading eyebrow="When to reach us" title="Office Hours">
        <p>
          Our {AGENCY.address.city} office is {openingHoursSentence(AGENCY.openingHours)}. All times
          are Central Time.
        </p>
      </PageHeading>

      <section id="hours" aria-labelledby="hours-heading" className="py-12 sm:py-16">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <h2
            id="hours-heading"
            className="text-2xl font-bold tracking-tight text-navy-900 sm:text-3xl"
          >
            Hours
          </h2>
          <div className="mt-8 grid gap-6 lg:grid-cols-3">
            <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm lg:col-span-2">
              <table className="w-full text-left">
                <caption className="pb-4 text-left text-lg font-bold text-navy-900">
                  <ClockIcon className="mr-2 inline-block size-5 align-[-0.2em] text-brand-700" />
                  Office hours
                </caption>
                <thead className="sr-only">
                  <tr>
                    <th scope="col">Day</th>
                    <th scope="col">Hours</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200">
                  {AGENCY.openingHours.map((day) => (
                    <tr key={day.day}>
                      <th scope="row" className="py-3 pr-4 font-semibold text-navy-900 sm:w-56">
                        {day.day}
                      </th>
                      <td className="py-3 text-right whitespace-nowrap text-slate-700 sm:text-left">
                        {formatClockTime(day.opens)} – {formatClockTime(day.closes)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <p className="mt-3 text-sm text-slate-600">{AGENCY.hoursNote}</p>
              <p className="mt-4 rounded-lg bg-amber-50 p-4 text-sm text-amber-950">
                <strong className="font-semibold">Holidays:</strong> please call before visiting on
                a holiday. Appointments are not booked on federal holidays.
              </p>
            </div>

            <div className="flex flex-col gap-6">
              <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <h3 className="flex items-center gap-2 text-lg font-bold text-navy-900">
                  <PhoneIcon className="size-5 text-brand-700" />
                  Phone hours
                </h3>
                <ul className="mt-3 space-y-1 text-slate-700">
                  {AGENCY.phoneHoursDisplay.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
                <a
                  href={AGENCY.phoneHref}
                  className="mt-4 inline-block py-1 text-lg font-semibold text-brand-700 underline-offset-4 hover:underline"
                >
                  <span className="sr-only">Call </span>
                  {AGENCY.phone}
                </a>
              </div>
              <Reveal className="rounded-2xl bg-navy-900 p-6 text-white [&_:focus-visible]:outline-amber-300">
                <h3 className="flex items-center gap-2 text-lg font-bold">
                  <CalendarIcon className="size-5 text-amber-300" />
                  Appointment hours
                </h3>
                <p className="mt-3 text-slate-200">
                  Consultations are booked Monday to Friday, with the first slot at {firstSlot} and
                  the last at {lastSlot}. Each takes {APPOINTMENT_DURATION_MINUTES.min} to{" "}
                  {APPOINTMENT_DURATION_MINUTES.max} minutes.
                </p>
                <AppointmentLink variant="accent" className="mt-5">
                  Book an Appointment
                </AppointmentLink>
              </Reveal>
            </div>
          </div>
        </div>
      </section>

      <section
        id="contact"
        aria-labelledby="contact-heading"
        className="bg-slate-50 py-12 sm:py-16"
      >
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <h2
            id="contact-heading"
            className="text-2xl font-bold tracking-tight text-navy-900 sm:text-3xl"
          >
            Contact
          </h2>
          <div className="mt-8 grid gap-6 lg:grid-cols-2">
            <Reveal className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
              <ContactDetails showFax />
              <div className="mt-6">
                <DirectionsLink />
              </div>
            </Reveal>
            <Reveal className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
              <h3 className="text-xl font-bold text-navy-900">Prefer to write or meet?</h3>
              <p className="mt-3 mb-6 leading-relaxed text-slate-700">
                Send us a message any time and we will reply within 24 hours, or book a consultation
                with a licensed agent at our office.
              </p>
              <div className="mt-auto flex flex-wrap gap-3">
                <AppointmentLink>Book an Appointment</AppointmentLink>
                <Link
                  to="/contact-us"
                  className="inline-flex items-center justify-center rounded-md bg-white px-5 py-3 font-semibold text-navy-900 ring-1 ring-slate-300 ring-inset hover:bg-slate-50"
                >
                  Contact Us
                </Link>
              </div>
            </Reveal>
          </div>
        </div>
      </section>
    </>
  );
}
