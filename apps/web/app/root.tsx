import { AGENCY, APPLE_TOUCH_ICON, faviconFor } from "@agency/domain";
import { type ReactNode, useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
} from "react-router";
import type { Route } from "./+types/root";
import appStylesheetText from "./app.css?inline";
import appStylesheet from "./app.css?url";
import { AgencyLogo } from "./components/agency-logo";
import { ButtonLink } from "./components/button-link";
import { iconStylesheet } from "./components/icons/icon-stylesheet";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { CookieConsentBanner } from "./features/site/cookie-consent-banner";
import { openCookieSettings } from "./features/site/cookie-consent-store";
import { MAIN_CONTENT_ID, RouteAnnouncer } from "./features/site/route-announcer";
import { ScrollToTopButton } from "./features/site/scroll-to-top-button";
import { SeoTags } from "./features/site/seo";
import { useAnchorScrolling } from "./features/site/use-anchor-scrolling";
import { AuthProvider } from "./lib/auth";
import { EARLY_INPUT_SCRIPT, useKeepEarlyInput } from "./lib/early-input";
import { useRememberFirstTouch } from "./lib/first-touch";

const FAVICON = faviconFor(AGENCY.logo);

export const links: Route.LinksFunction = () => [
  // Made from the profile's logo at build time (apps/web/site-icons.ts).
  {
    rel: "icon",
    href: FAVICON.path,
    type: FAVICON.type,
    ...(FAVICON.size ? { sizes: `${FAVICON.size}x${FAVICON.size}` } : {}),
  },
  { rel: "apple-touch-icon", href: APPLE_TOUCH_ICON.path },
  { rel: "manifest", href: "/site.webmanifest" },
];

/**
 * Only the SPA fallback (the client-rendered dashboard's HTML) renders without a route's
 * own `meta`, so this keeps that file out of search results.
 */
export const meta: Route.MetaFunction = () => [
  { title: AGENCY.name },
  { name: "robots", content: "noindex" },
];

/**
 * The document shell. No style attributes anywhere: the server's CSP allows styles from
 * the site and the page's own style block by its hash (decision 0042), scripts only by the
 * hashes of its inline scripts (React Router's own and the early-input holder).
 */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en-US">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={AGENCY.brand.dark} />
        {/* First in the page: holds a form's submission made before the scripts run (lib/early-input). */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of ours, allowed by its hash */}
        <script dangerouslySetInnerHTML={{ __html: EARLY_INPUT_SCRIPT }} />
        <Meta />
        <AppStylesheet />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/**
 * The key React finds the site's <style> by on the server and the client alike. A name, not
 * the file's URL: the production build reads `./app.css?url` only in the development
 * branch below, so it emits no stylesheet file that no page would link.
 */
const APP_STYLESHEET_KEY = "app-stylesheet";

/**
 * The site's stylesheet and its icons' drawings, written into every prerendered page's <head> (a <style> with an
 * href and a precedence, which React 19 hoists and de-duplicates by that href): the first
 * paint waits for no other file, and the server allows the block by its hash in the CSP.
 * On the client the same element carries no text: React finds the prerendered one by its
 * href (`style[data-href]`) and keeps it, so the stylesheet never enters the JavaScript
 * (`import.meta.env.SSR` is false there and the bundler drops the text). The development
 * server links the file instead, so style edits still reload in place.
 */
function AppStylesheet() {
  if (import.meta.env.DEV) {
    return (
      <>
        <link rel="stylesheet" href={appStylesheet} precedence="default" />
        <style href="/icons" precedence="default">
          {iconStylesheet()}
        </style>
      </>
    );
  }
  return (
    <style href={APP_STYLESHEET_KEY} precedence="default">
      {import.meta.env.SSR ? `${appStylesheetText}\n${iconStylesheet()}` : ""}
    </style>
  );
}

/**
 * Start-up shows the prerendered page at once: no forced reload and no timed loading
 * screen (the spec's old start-up quirk; see the decision record).
 */
export default function App() {
  useAnchorScrolling();
  useRememberFirstTouch();
  useKeepEarlyInput();
  useMarkHydrated();
  return (
    <AuthProvider>
      <SeoTags />
      <a
        href={`#${MAIN_CONTENT_ID}`}
        className="sr-only z-50 rounded-md bg-white px-4 py-3 font-semibold text-navy-900 shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to main content
      </a>
      {/* Early in the tab order (after the skip link) though it sits at the bottom. */}
      <CookieConsentBanner />
      <SiteHeader />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter onOpenCookieSettings={openCookieSettings} />
      <ScrollToTopButton />
      <RouteAnnouncer />
    </AuthProvider>
  );
}

/**
 * Marks <html data-hydrated="true"> once the page is interactive (root effects run after
 * every child's), so tooling and browser tests can tell prerendered HTML from a live page.
 */
function useMarkHydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
}

/**
 * What the SPA fallback file shows until the client-rendered pages (the dashboard) load.
 */
export function HydrateFallback() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 p-8 text-navy-900">
      <AgencyLogo className="h-14 animate-pulse motion-reduce:animate-none" eager />
      <p role="status" className="text-lg font-medium">
        Loading…
      </p>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  const title = isNotFound ? "Page Not Found" : "Something went wrong";
  const message = isNotFound
    ? "The page you were looking for does not exist or has moved."
    : "An unexpected error stopped this page from loading. Please try again, or call us if it keeps happening.";

  if (import.meta.env.DEV && error instanceof Error) console.error(error);

  return (
    <main
      id="main"
      className="mx-auto flex max-w-2xl flex-1 flex-col items-start justify-center gap-4 px-4 py-16"
    >
      <AgencyLogo className="h-12" eager />
      <h1 className="text-3xl font-bold text-navy-900">{title}</h1>
      <p className="text-lg text-slate-700">{message}</p>
      <ButtonLink to="/">Back to Home</ButtonLink>
    </main>
  );
}
