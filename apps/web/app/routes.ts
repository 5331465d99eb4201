import { index, type RouteConfig, route } from "@react-router/dev/routes";

/** The spec's route table. Keep in step with `prerender` in react-router.config.ts. */
export default [
  index("routes/home.tsx"),
  route("our-products", "routes/our-products.tsx"),
  route("get-quote-today", "routes/get-quote-today.tsx"),
  route("auto-quote-form", "routes/auto-quote-form.tsx"),
  route("about-us", "routes/about-us.tsx"),
  route("contact-us", "routes/contact-us.tsx"),
  route("client-center", "routes/client-center.tsx"),
  route("location/our-locations", "routes/our-locations.tsx"),
  route("office-open-hours", "routes/office-open-hours.tsx"),
  route("appointments", "routes/appointments.tsx"),
  // A visitor's booking, from the link in its emails: client-rendered (decision 0035).
  route("appointments/manage/:token", "routes/manage-appointment.tsx"),
  // The "stop contacting me" link in every email to a person: client-rendered (decision 0081).
  route("stop/:token", "routes/stop.tsx"),
  route("privacy", "routes/privacy.tsx"),
  // A privacy request's one-time link (decision 0082): client-rendered, never prerendered.
  route("privacy/verify/:token", "routes/privacy-verify.tsx"),
  route("terms", "routes/terms.tsx"),
  route("accessibility", "routes/accessibility.tsx"),
  // The staff login and logout pages sit under /api/ for compatibility with the old site.
  route("api/auth/login", "routes/login.tsx"),
  route("api/auth/logout", "routes/logout.tsx"),
  // The one-time link of a password reset or an invitation email.
  route("reset-password", "routes/reset-password.tsx"),
  // The staff dashboard, client-rendered: the frame, and in it one view or one lead
  // (lib/dashboard-views.ts lists the same paths; decision 0029).
  route("dashboard", "routes/dashboard.tsx", [
    index("routes/dashboard/overview.tsx"),
    route("people", "routes/dashboard/people.tsx"),
    route("people/duplicates", "routes/dashboard/people-duplicates.tsx"),
    route("people/:id", "routes/dashboard/person.tsx"),
    route("quotes", "routes/dashboard/quotes.tsx"),
    route("quotes/:id", "routes/dashboard/quote.tsx"),
    route("contacts", "routes/dashboard/contacts.tsx"),
    route("contacts/:id", "routes/dashboard/contact.tsx"),
    route("appointments", "routes/dashboard/appointments.tsx"),
    route("appointments/:id", "routes/dashboard/appointment.tsx"),
    route("service", "routes/dashboard/service.tsx"),
    route("service/:id", "routes/dashboard/service-request.tsx"),
    route("privacy", "routes/dashboard/privacy.tsx"),
    route("privacy/:id", "routes/dashboard/privacy-request.tsx"),
    route("tasks", "routes/dashboard/tasks.tsx"),
    route("renewals", "routes/dashboard/renewals.tsx"),
    route("reports", "routes/dashboard/reports.tsx"),
    route("users", "routes/dashboard/users.tsx"),
    route("settings", "routes/dashboard/settings.tsx"),
    // Any other /dashboard address: "not found" inside the dashboard.
    route("*", "routes/dashboard/not-found.tsx"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
