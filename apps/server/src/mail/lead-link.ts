/** The dashboard's lead views, as the web app's routes name them (apps/web/app/routes.ts). */
export type LeadPageView = "quotes" | "contacts" | "appointments" | "service";

/**
 * The staff page of one lead (`/dashboard/<view>/:id`), absolute from the site's public
 * address, for the agency's notice emails: the reader opens the lead in one click
 * (signing in first if they need to).
 */
export function leadPageUrl(publicUrl: string, view: LeadPageView, id: string): string {
  return `${publicUrl.replace(/\/+$/, "")}/dashboard/${view}/${encodeURIComponent(id)}`;
}

/** The notice's line with that link. */
export function leadPageLine(publicUrl: string, view: LeadPageView, id: string): string {
  return `Open it in the dashboard: ${leadPageUrl(publicUrl, view, id)}`;
}
