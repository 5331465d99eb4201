import { index, type RouteConfig, route } from "@react-router/dev/routes";

/** The spec's route table. Keep in step with `prerender` in react-router.config.ts. */
export default [
  index("routes/home.tsx"),
  route("our-products", "routes/our-products.tsx"),
  route("get-quote-today", "routes/get-quote-today.tsx"),
  route("auto-quote-form", "routes/auto-quote-form.tsx"),
  route("about-us", "routes/about-us.tsx"),
  route("contact-us", "routes/contact-us.tsx"),
  route("location/our-locations", "routes/our-locations.tsx"),
  route("office-open-hours", "routes/office-open-hours.tsx"),
  route("appointments", "routes/appointments.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("terms", "routes/terms.tsx"),
  route("accessibility", "routes/accessibility.tsx"),
  // The staff login and logout pages sit under /api/ for compatibility with the old site.
  route("api/auth/login", "routes/login.tsx"),
  route("api/auth/logout", "routes/logout.tsx"),
  // The one-time link of a password reset or an invitation email.
  route("reset-password", "routes/reset-password.tsx"),
  route("dashboard", "routes/dashboard.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
