import type { RouteDefinition } from "./define-route.ts";
import type { API_ROUTES } from "./openapi.ts";

/**
 * Where each route of the API is, without its schemas: what the web app calls through its
 * one client (apps/web/app/lib/api.ts, `callRoute`). The definitions (zod schemas included)
 * stay on the server and in the OpenAPI document; a public page that imported them would
 * load zod with its first script, which decision 0043 keeps for the visitor's first touch.
 *
 * Nothing here can drift from the definitions: the table's type is made from them (every
 * route present, each method and path the definition's own literal), so a route added,
 * renamed or moved fails type-checking here until this table says the same; a unit test
 * checks the values too.
 */
export type Endpoint<R extends RouteDefinition> = {
  readonly method: R["method"];
  readonly path: R["path"];
  /** Carries the definition's type to the client; never set. */
  readonly route?: R;
};

type Routes = typeof API_ROUTES;
export type EndpointTable = {
  readonly [Group in keyof Routes]: {
    readonly [Name in keyof Routes[Group]]: Routes[Group][Name] extends RouteDefinition
      ? Endpoint<Routes[Group][Name]>
      : never;
  };
};

/** Every route of the API, by feature, as API_ROUTES groups them. */
export const API_ENDPOINTS: EndpointTable = {
  health: {
    check: { method: "GET", path: "/api/health" },
  },
  openapi: {
    document: { method: "GET", path: "/api/openapi.json" },
  },
  quotes: {
    send: { method: "POST", path: "/api/auto-quotes/send-auto-quote" },
    list: { method: "GET", path: "/api/auto-quotes/get-all-auto-quotes" },
    export: { method: "GET", path: "/api/auto-quotes/export.csv" },
    one: { method: "GET", path: "/api/auto-quotes/:id" },
    delete: { method: "DELETE", path: "/api/auto-quotes/delete-auto-quote/:id" },
    restore: { method: "POST", path: "/api/auto-quotes/:id/restore" },
    status: { method: "PATCH", path: "/api/auto-quotes/:id/status" },
    notes: { method: "GET", path: "/api/auto-quotes/:id/notes" },
    addNote: { method: "POST", path: "/api/auto-quotes/:id/notes" },
    assign: { method: "PUT", path: "/api/auto-quotes/:id/assignee" },
    xDate: { method: "GET", path: "/api/auto-quotes/:id/x-date" },
    setXDate: { method: "PUT", path: "/api/auto-quotes/:id/x-date" },
    emails: { method: "GET", path: "/api/auto-quotes/:id/emails" },
    sendEmail: { method: "POST", path: "/api/auto-quotes/:id/emails" },
    retryEmail: { method: "POST", path: "/api/auto-quotes/:id/emails/:emailId/retry" },
    reveal: { method: "POST", path: "/api/auto-quotes/:id/reveal" },
  },
  contacts: {
    send: { method: "POST", path: "/api/contacts/send-contact" },
    list: { method: "GET", path: "/api/contacts/list-contacts" },
    export: { method: "GET", path: "/api/contacts/export.csv" },
    one: { method: "GET", path: "/api/contacts/:id" },
    delete: { method: "DELETE", path: "/api/contacts/delete-contact/:id" },
    restore: { method: "POST", path: "/api/contacts/:id/restore" },
    status: { method: "PATCH", path: "/api/contacts/:id/status" },
    notes: { method: "GET", path: "/api/contacts/:id/notes" },
    addNote: { method: "POST", path: "/api/contacts/:id/notes" },
    assign: { method: "PUT", path: "/api/contacts/:id/assignee" },
    xDate: { method: "GET", path: "/api/contacts/:id/x-date" },
    setXDate: { method: "PUT", path: "/api/contacts/:id/x-date" },
    emails: { method: "GET", path: "/api/contacts/:id/emails" },
    sendEmail: { method: "POST", path: "/api/contacts/:id/emails" },
    retryEmail: { method: "POST", path: "/api/contacts/:id/emails/:emailId/retry" },
  },
  appointments: {
    book: { method: "POST", path: "/api/appointments/add-appointment" },
    slots: { method: "GET", path: "/api/appointments/available-slots" },
    calendar: { method: "GET", path: "/api/appointments/calendar" },
    today: { method: "GET", path: "/api/appointments/today" },
    list: { method: "GET", path: "/api/appointments/get-appointments" },
    export: { method: "GET", path: "/api/appointments/export.csv" },
    one: { method: "GET", path: "/api/appointments/:id" },
    delete: { method: "DELETE", path: "/api/appointments/delete-appointment/:id" },
    restore: { method: "POST", path: "/api/appointments/:id/restore" },
    status: { method: "PATCH", path: "/api/appointments/:id/status" },
    notes: { method: "GET", path: "/api/appointments/:id/notes" },
    addNote: { method: "POST", path: "/api/appointments/:id/notes" },
    assign: { method: "PUT", path: "/api/appointments/:id/assignee" },
    xDate: { method: "GET", path: "/api/appointments/:id/x-date" },
    setXDate: { method: "PUT", path: "/api/appointments/:id/x-date" },
    emails: { method: "GET", path: "/api/appointments/:id/emails" },
    sendEmail: { method: "POST", path: "/api/appointments/:id/emails" },
    retryEmail: { method: "POST", path: "/api/appointments/:id/emails/:emailId/retry" },
  },
  appointmentManage: {
    booking: { method: "GET", path: "/api/appointments/manage/:token" },
    cancel: { method: "POST", path: "/api/appointments/manage/:token/cancel" },
    reschedule: { method: "POST", path: "/api/appointments/manage/:token/reschedule" },
    staffMove: { method: "POST", path: "/api/appointments/:id/move" },
    staffCancel: { method: "POST", path: "/api/appointments/:id/cancel" },
  },
  stopLink: {
    stop: { method: "POST", path: "/api/consent/stop/:token" },
    doNotContact: { method: "GET", path: "/api/consent/do-not-contact/:kind/:id" },
  },
  leadEntry: {
    enterContact: { method: "POST", path: "/api/contacts/staff-entry" },
    enterQuote: { method: "POST", path: "/api/auto-quotes/staff-entry" },
    enterAppointment: { method: "POST", path: "/api/appointments/staff-entry" },
    editContact: { method: "PATCH", path: "/api/contacts/:id/contact-details" },
    editQuote: { method: "PATCH", path: "/api/auto-quotes/:id/contact-details" },
    editAppointment: { method: "PATCH", path: "/api/appointments/:id/contact-details" },
  },
  auth: {
    login: { method: "POST", path: "/api/users/login" },
    secondFactor: { method: "POST", path: "/api/users/login/second-factor" },
    enrolment: { method: "POST", path: "/api/users/login/enrolment" },
    confirmEnrolment: { method: "POST", path: "/api/users/login/enrolment/confirm" },
    refresh: { method: "POST", path: "/api/users/refresh" },
    logout: { method: "POST", path: "/api/users/logout" },
    forgotPassword: { method: "POST", path: "/api/users/forgot-password" },
    resetPassword: { method: "POST", path: "/api/users/reset-password" },
    changePassword: { method: "POST", path: "/api/users/change-password" },
  },
  twoFactor: {
    status: { method: "GET", path: "/api/users/two-factor" },
    setup: { method: "POST", path: "/api/users/two-factor/setup" },
    confirm: { method: "POST", path: "/api/users/two-factor/confirm" },
    recoveryCodes: { method: "POST", path: "/api/users/two-factor/recovery-codes" },
    disable: { method: "POST", path: "/api/users/two-factor/disable" },
  },
  users: {
    list: { method: "GET", path: "/api/users/list" },
    get: { method: "GET", path: "/api/users/list/:id" },
    update: { method: "PUT", path: "/api/users/list/update/:id" },
    renameSelf: { method: "PUT", path: "/api/users/me/name" },
    invite: { method: "POST", path: "/api/users/invite" },
    resendInvitation: { method: "POST", path: "/api/users/list/:id/invitation/resend" },
    revokeInvitation: { method: "DELETE", path: "/api/users/list/:id/invitation" },
    delete: { method: "DELETE", path: "/api/users/list/:id" },
  },
  settings: {
    policies: { method: "GET", path: "/api/policies" },
    settings: { method: "GET", path: "/api/settings" },
  },
  securitySettings: {
    get: { method: "GET", path: "/api/settings/security" },
    update: { method: "PUT", path: "/api/settings/security" },
  },
  scheduling: {
    capacity: { method: "GET", path: "/api/settings/scheduling" },
    updateCapacity: { method: "PUT", path: "/api/settings/scheduling" },
    closures: { method: "GET", path: "/api/settings/closures" },
    addClosure: { method: "POST", path: "/api/settings/closures" },
    deleteClosure: { method: "DELETE", path: "/api/settings/closures/:id" },
  },
  dashboard: {
    overview: { method: "GET", path: "/api/dashboard/overview" },
    notifications: { method: "GET", path: "/api/dashboard/notifications" },
    latestLeads: { method: "GET", path: "/api/dashboard/latest-leads" },
    notificationsSeen: { method: "POST", path: "/api/dashboard/notifications/seen" },
    notificationRead: { method: "POST", path: "/api/dashboard/notifications/read" },
    timeline: { method: "GET", path: "/api/prospects/timeline" },
    search: { method: "GET", path: "/api/prospects/search" },
    myFollowUps: { method: "GET", path: "/api/dashboard/my-follow-ups" },
    report: { method: "GET", path: "/api/dashboard/report.csv" },
  },
  leadWork: {
    assignable: { method: "GET", path: "/api/staff/assignable" },
  },
  emailTemplates: {
    list: { method: "GET", path: "/api/settings/email-templates" },
    create: { method: "POST", path: "/api/settings/email-templates" },
    update: { method: "PUT", path: "/api/settings/email-templates/:id" },
    delete: { method: "DELETE", path: "/api/settings/email-templates/:id" },
  },
  people: {
    list: { method: "GET", path: "/api/people" },
    export: { method: "GET", path: "/api/people/export.csv" },
    duplicateGroups: { method: "GET", path: "/api/people/duplicates" },
    one: { method: "GET", path: "/api/people/:id" },
    duplicates: { method: "GET", path: "/api/people/:id/duplicates" },
    merge: { method: "POST", path: "/api/people/:id/merge" },
    undoMerge: { method: "POST", path: "/api/people/merges/:id/undo" },
    update: { method: "PATCH", path: "/api/people/:id" },
    emails: { method: "GET", path: "/api/people/:id/emails" },
    sendEmail: { method: "POST", path: "/api/people/:id/emails" },
    retryEmail: { method: "POST", path: "/api/people/:id/emails/:emailId/retry" },
  },
  personPrivacy: {
    disclosures: { method: "GET", path: "/api/people/:id/disclosures" },
    addDisclosure: { method: "POST", path: "/api/people/:id/disclosures" },
    export: { method: "GET", path: "/api/people/:id/export" },
    erase: { method: "POST", path: "/api/people/:id/erase" },
  },
  consent: {
    ofPerson: { method: "GET", path: "/api/people/:id/consent" },
    revoke: { method: "POST", path: "/api/people/:id/consent/revocations" },
    exportCsv: { method: "GET", path: "/api/people/:id/consent.csv" },
  },
  households: {
    link: { method: "POST", path: "/api/people/:id/household" },
    change: { method: "PATCH", path: "/api/people/:id/household/:memberId" },
    unlink: { method: "DELETE", path: "/api/people/:id/household/:memberId" },
  },
  tasks: {
    list: { method: "GET", path: "/api/tasks" },
    create: { method: "POST", path: "/api/tasks" },
    update: { method: "PATCH", path: "/api/tasks/:id" },
    complete: { method: "POST", path: "/api/tasks/:id/complete" },
    reopen: { method: "POST", path: "/api/tasks/:id/reopen" },
  },
  policies: {
    issue: { method: "POST", path: "/api/policies" },
    one: { method: "GET", path: "/api/policies/:id" },
    update: { method: "PATCH", path: "/api/policies/:id" },
    cancel: { method: "POST", path: "/api/policies/:id/cancel" },
    reinstate: { method: "POST", path: "/api/policies/:id/reinstate" },
    nonRenew: { method: "POST", path: "/api/policies/:id/non-renew" },
    ofPerson: { method: "GET", path: "/api/people/:id/policies" },
  },
  imports: {
    mapping: { method: "POST", path: "/api/imports/mapping" },
    run: { method: "POST", path: "/api/imports" },
  },
  renewals: {
    list: { method: "GET", path: "/api/renewals" },
    renew: { method: "POST", path: "/api/policies/:id/renew" },
    setState: { method: "PUT", path: "/api/policies/:id/renewal-state" },
    settings: { method: "GET", path: "/api/settings/renewals" },
    updateSettings: { method: "PUT", path: "/api/settings/renewals" },
  },
  reports: {
    figures: { method: "GET", path: "/api/reports" },
    export: { method: "GET", path: "/api/reports/export.csv" },
  },
  service: {
    send: { method: "POST", path: "/api/client-center/requests" },
    list: { method: "GET", path: "/api/service-requests" },
    export: { method: "GET", path: "/api/service-requests/export.csv" },
    one: { method: "GET", path: "/api/service-requests/:id" },
    delete: { method: "DELETE", path: "/api/service-requests/:id" },
    restore: { method: "POST", path: "/api/service-requests/:id/restore" },
    status: { method: "PATCH", path: "/api/service-requests/:id/status" },
    notes: { method: "GET", path: "/api/service-requests/:id/notes" },
    addNote: { method: "POST", path: "/api/service-requests/:id/notes" },
    assign: { method: "PUT", path: "/api/service-requests/:id/assignee" },
    emails: { method: "GET", path: "/api/service-requests/:id/emails" },
    sendEmail: { method: "POST", path: "/api/service-requests/:id/emails" },
    retryEmail: { method: "POST", path: "/api/service-requests/:id/emails/:emailId/retry" },
    due: { method: "GET", path: "/api/service-requests/due" },
    ofPerson: { method: "GET", path: "/api/people/:id/service-requests" },
    attachment: { method: "GET", path: "/api/service-requests/:id/attachments/:attachmentId" },
    settings: { method: "GET", path: "/api/settings/service" },
    updateSettings: { method: "PUT", path: "/api/settings/service" },
  },
  privacyRequests: {
    send: { method: "POST", path: "/api/privacy-requests" },
    verify: { method: "POST", path: "/api/privacy-requests/verify" },
    list: { method: "GET", path: "/api/privacy-requests" },
    assignable: { method: "GET", path: "/api/privacy-requests/assignable" },
    one: { method: "GET", path: "/api/privacy-requests/:id" },
    update: { method: "PATCH", path: "/api/privacy-requests/:id" },
    answer: { method: "POST", path: "/api/privacy-requests/:id/answer" },
  },
};
