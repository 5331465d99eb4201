import { validQuotePayload } from "./fixtures.ts";

/**
 * A well-formed id (a UUID) that no record has: the route exists, the record does not. A
 * malformed one (`none`) would name no route at all and answer 404 before any guard.
 */
export const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

/**
 * Every staff route, with a request that an admin may make ("SELF" is replaced by
 * the caller's own id). Shared by the server tests and the security scan.
 */
export const ADMIN_ROUTES: {
  method: "GET" | "PUT" | "DELETE" | "POST" | "PATCH";
  url: string;
  payload?: object;
}[] = [
  { method: "GET", url: "/api/users/list" },
  {
    method: "PUT",
    url: `/api/users/list/update/${UNKNOWN_ID}`,
    payload: { role: ["User", "Agent"] },
  },
  { method: "PUT", url: "/api/users/me/name", payload: { firstName: "Ada", lastName: "Lovelace" } },
  { method: "POST", url: "/api/users/invite", payload: { email: "new.hire@example.com" } },
  { method: "POST", url: `/api/users/list/${UNKNOWN_ID}/invitation/resend` },
  { method: "DELETE", url: `/api/users/list/${UNKNOWN_ID}/invitation` },
  { method: "DELETE", url: `/api/users/list/${UNKNOWN_ID}` },
  { method: "GET", url: "/api/auto-quotes/get-all-auto-quotes" },
  { method: "GET", url: "/api/auto-quotes/export.csv" },
  { method: "GET", url: `/api/auto-quotes/${UNKNOWN_ID}` },
  { method: "PATCH", url: `/api/auto-quotes/${UNKNOWN_ID}/status`, payload: { status: "won" } },
  { method: "POST", url: `/api/auto-quotes/${UNKNOWN_ID}/reveal` },
  { method: "DELETE", url: `/api/auto-quotes/delete-auto-quote/${UNKNOWN_ID}` },
  { method: "POST", url: `/api/auto-quotes/${UNKNOWN_ID}/restore` },
  { method: "GET", url: "/api/contacts/list-contacts" },
  { method: "GET", url: "/api/contacts/export.csv" },
  { method: "GET", url: `/api/contacts/${UNKNOWN_ID}` },
  { method: "PATCH", url: `/api/contacts/${UNKNOWN_ID}/status`, payload: { status: "won" } },
  { method: "DELETE", url: `/api/contacts/delete-contact/${UNKNOWN_ID}` },
  { method: "POST", url: `/api/contacts/${UNKNOWN_ID}/restore` },
  {
    method: "POST",
    url: "/api/contacts/staff-entry",
    payload: {
      firstName: "Ann",
      lastName: "Lee",
      email: "ann.lee@example.com",
      phone: "6125550100",
      subject: "Other",
      message: "Called in.",
      source: "phone",
    },
  },
  {
    method: "POST",
    url: "/api/auto-quotes/staff-entry",
    payload: { ...validQuotePayload(), source: "walk-in" },
  },
  {
    method: "PATCH",
    url: `/api/contacts/${UNKNOWN_ID}/contact-details`,
    payload: { lastName: "Li" },
  },
  {
    method: "PATCH",
    url: `/api/auto-quotes/${UNKNOWN_ID}/contact-details`,
    payload: { lastName: "Li" },
  },
  {
    method: "PATCH",
    url: `/api/appointments/${UNKNOWN_ID}/contact-details`,
    payload: { name: "Ann Li" },
  },
  { method: "GET", url: "/api/appointments/get-appointments" },
  { method: "GET", url: "/api/appointments/export.csv" },
  { method: "GET", url: `/api/appointments/${UNKNOWN_ID}` },
  { method: "GET", url: "/api/appointments/calendar?from=2026-11-23&to=2026-11-27" },
  { method: "GET", url: "/api/appointments/today" },
  { method: "PATCH", url: `/api/appointments/${UNKNOWN_ID}/status`, payload: { status: "won" } },
  { method: "DELETE", url: `/api/appointments/delete-appointment/${UNKNOWN_ID}` },
  { method: "POST", url: `/api/appointments/${UNKNOWN_ID}/restore` },
  { method: "GET", url: "/api/policies" },
  { method: "GET", url: "/api/settings" },
  { method: "GET", url: "/api/settings/security" },
  { method: "PUT", url: "/api/settings/security", payload: { requireTwoFactor: false } },
  { method: "GET", url: "/api/dashboard/overview" },
  { method: "GET", url: "/api/dashboard/notifications" },
  { method: "POST", url: "/api/dashboard/notifications/seen" },
  {
    method: "POST",
    url: "/api/dashboard/notifications/read",
    payload: { type: "contact", id: "none" },
  },
  { method: "GET", url: "/api/dashboard/report.csv" },
  { method: "GET", url: "/api/prospects/timeline?email=someone%40example.com" },
  ...["auto-quotes", "contacts", "appointments", "service-requests"].flatMap((kind) => [
    { method: "GET" as const, url: `/api/${kind}/${UNKNOWN_ID}/notes` },
    {
      method: "POST" as const,
      url: `/api/${kind}/${UNKNOWN_ID}/notes`,
      payload: { kind: "call", body: "Talked about renewal", outcome: "reached" },
    },
    {
      method: "PUT" as const,
      url: `/api/${kind}/${UNKNOWN_ID}/assignee`,
      payload: { assignedTo: null },
    },
  ]),
  { method: "GET", url: "/api/staff/assignable" },
  // The service pipeline (issue 29 §2, decision 0078).
  { method: "GET", url: "/api/service-requests?q=SR-2026" },
  { method: "GET", url: "/api/service-requests/export.csv" },
  { method: "GET", url: "/api/service-requests/due" },
  { method: "GET", url: `/api/service-requests/${UNKNOWN_ID}` },
  {
    method: "PATCH",
    url: `/api/service-requests/${UNKNOWN_ID}/status`,
    payload: { status: "done" },
  },
  { method: "DELETE", url: `/api/service-requests/${UNKNOWN_ID}` },
  { method: "GET", url: `/api/service-requests/${UNKNOWN_ID}/emails` },
  { method: "GET", url: `/api/people/${UNKNOWN_ID}/service-requests` },
  { method: "GET", url: "/api/settings/service" },
  { method: "PUT", url: "/api/settings/service", payload: { days: 2 } },
  { method: "GET", url: "/api/dashboard/my-follow-ups" },
  { method: "GET", url: "/api/tasks?scope=all" },
  {
    method: "POST",
    url: "/api/tasks",
    payload: {
      subject: { kind: "contact", id: UNKNOWN_ID },
      text: "Call back",
      dueDate: "2099-01-02",
      dueTime: "09:00",
    },
  },
  { method: "PATCH", url: `/api/tasks/${UNKNOWN_ID}`, payload: { text: "Call back" } },
  { method: "POST", url: `/api/tasks/${UNKNOWN_ID}/complete` },
  { method: "POST", url: `/api/tasks/${UNKNOWN_ID}/reopen` },
];
