import { AGENCY, can } from "@agency/domain";
import { useAuth } from "../../lib/auth";
import { ImportSection } from "../import";
import { ChangePasswordForm } from "./change-password-form";
import { ClosuresSection } from "./closures-section";
import { EmailTemplatesSection } from "./email-templates-section";
import { OwnNameForm } from "./own-name-form";
import { RenewalTaskSection } from "./renewal-task-section";
import { RequireTwoFactorSwitch } from "./require-two-factor-switch";
import { SchedulingSection } from "./scheduling-section";
import { ServiceDueSection } from "./service-due-section";
import { TwoFactorSection } from "./two-factor-section";

const hour = (time: string) => {
  const [h = 0, m = 0] = time.split(":").map(Number);
  return `${h % 12 || 12}:${String(m).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`;
};

/**
 * Your name, your password and two-factor sign-in; the staff sign-in rule, agents per slot and
 * closed days and hours (users.manage); the email templates (templates.manage); the renewal task's days (leads.assign); importing a book (book.import); and the agency profile (read-only; it lives in the code).
 */
export function SettingsView() {
  const { user } = useAuth();
  const rows: [string, string][] = [
    ["Name", AGENCY.name],
    ["Legal name", AGENCY.legalName],
    ["Address", AGENCY.address.singleLine],
    ["Phone", AGENCY.phone],
    ["Fax", AGENCY.fax],
    ["Email", AGENCY.email],
    ["Website", AGENCY.siteUrl],
    ["Time zone", AGENCY.timeZone],
    ["Licensed in", AGENCY.licensedIn.join(", ")],
  ];
  return (
    <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
      <section
        aria-labelledby="own-name-heading"
        className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      >
        <h2 id="own-name-heading" className="text-lg font-bold text-navy-900">
          Your name
        </h2>
        <p className="mt-1 mb-4 text-sm text-slate-700">
          How the dashboard greets you and how colleagues see you ({user?.email}).
        </p>
        <OwnNameForm />
      </section>
      <section
        aria-labelledby="password-heading"
        className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      >
        <h2 id="password-heading" className="text-lg font-bold text-navy-900">
          Change your password
        </h2>
        <p className="mt-1 mb-4 text-sm text-slate-700">
          Changing it signs you out everywhere else; this session stays signed in.
        </p>
        <ChangePasswordForm />
      </section>
      <TwoFactorSection />
      {can(user, "users.manage") ? <RequireTwoFactorSwitch /> : null}
      {can(user, "users.manage") ? <SchedulingSection /> : null}
      {can(user, "users.manage") ? <ClosuresSection /> : null}
      {can(user, "templates.manage") ? <EmailTemplatesSection /> : null}
      {can(user, "leads.assign") ? <RenewalTaskSection /> : null}
      {can(user, "leads.assign") ? <ServiceDueSection /> : null}
      {can(user, "book.import") ? <ImportSection /> : null}
      <section
        aria-labelledby="agency-heading"
        className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      >
        <h2 id="agency-heading" className="text-lg font-bold text-navy-900">
          Agency profile
        </h2>
        <p className="mt-1 mb-4 text-sm text-slate-700">
          Read-only here: it is part of the website's own setup and appears on every page. Ask
          whoever looks after the website to change it.
        </p>
        <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-slate-600">{label}</dt>
              <dd className="font-medium wrap-anywhere text-slate-900">{value}</dd>
            </div>
          ))}
          <dt className="text-slate-600">Opening hours</dt>
          <dd className="text-slate-900">
            <ul>
              {AGENCY.openingHours.map((day) => (
                <li key={day.day}>
                  {day.day}: {hour(day.opens)} – {hour(day.closes)}
                </li>
              ))}
            </ul>
          </dd>
        </dl>
      </section>
    </div>
  );
}
