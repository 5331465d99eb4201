/**
 * The pages the build prerenders, and which of them search engines may index. One list
 * feeds the prerender config, the sitemap, the canonical links and the browser tests, so
 * they cannot drift apart. Keep it in step with the route table in app/routes.ts (the
 * build checks: react-router.config.ts fails on a static route missing here).
 */
export interface SitePage {
  path: string;
  /** Listed in sitemap.xml and given a canonical URL; the rest carry `noindex`. */
  isIndexable: boolean;
}

export const PRERENDERED_PAGES: readonly SitePage[] = [
  { path: "/", isIndexable: true },
  { path: "/our-products", isIndexable: true },
  { path: "/get-quote-today", isIndexable: true },
  { path: "/auto-quote-form", isIndexable: true },
  { path: "/about-us", isIndexable: true },
  { path: "/contact-us", isIndexable: true },
  { path: "/client-center", isIndexable: true },
  { path: "/location/our-locations", isIndexable: true },
  { path: "/office-open-hours", isIndexable: true },
  { path: "/appointments", isIndexable: true },
  { path: "/privacy", isIndexable: true },
  { path: "/terms", isIndexable: true },
  { path: "/accessibility", isIndexable: true },
  // The staff login and logout pages sit under /api/ for compatibility with the old site.
  { path: "/api/auth/login", isIndexable: false },
  { path: "/api/auth/logout", isIndexable: false },
  // The page of the one-time link in password reset and invitation emails; its form reads
  // the token from the query after hydration.
  { path: "/reset-password", isIndexable: false },
  // Not a real page: it matches the catch-all route, so the build writes the "Page Not
  // Found" document to 404/index.html, which the server sends for any unknown path.
  { path: "/404", isIndexable: false },
];

/**
 * The prerendered pages a visitor opens and reads, for the browser tests and the Lighthouse
 * run: not the Not Found document (sent with status 404 under any unknown address) and not
 * the sign-out address (it signs the browser out and moves on to the sign-in page).
 */
export const VISITED_PAGE_PATHS: readonly string[] = PRERENDERED_PAGES.map(
  (page) => page.path,
).filter((pagePath) => pagePath !== "/404" && pagePath !== "/api/auth/logout");

/**
 * Sections served from the SPA fallback instead of being prerendered (the server sends it
 * for every path under them; robots.txt disallows them).
 */
export const CLIENT_RENDERED_SECTIONS: readonly string[] = [
  "/dashboard",
  "/appointments/manage/",
  "/privacy/verify/",
];

/** The static routes of those sections (the lead pages, `/dashboard/quotes/:id`, are dynamic). */
export const CLIENT_RENDERED_PATHS: readonly string[] = [
  "/dashboard",
  "/dashboard/people",
  "/dashboard/people/duplicates",
  "/dashboard/quotes",
  "/dashboard/contacts",
  "/dashboard/appointments",
  "/dashboard/service",
  "/dashboard/tasks",
  "/dashboard/renewals",
  "/dashboard/reports",
  "/dashboard/privacy",
  "/dashboard/users",
  "/dashboard/settings",
];

export const INDEXABLE_PATHS: readonly string[] = PRERENDERED_PAGES.filter(
  (page) => page.isIndexable,
).map((page) => page.path);

/** Whether a location's path is one of the indexable pages (a trailing slash is ignored). */
export function isIndexablePath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return INDEXABLE_PATHS.includes(path);
}

/** The absolute public URL of a path on the live site. */
export function absoluteUrl(siteUrl: string, path: string): string {
  return path === "/" ? `${siteUrl}/` : `${siteUrl}${path}`;
}
