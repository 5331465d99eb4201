import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from "fastify";
import { HttpError } from "../lib/http-errors.ts";

/**
 * Routes authenticated by the refresh cookie (refresh, logout) answer only the site itself
 * (docs/decisions/0046-cookie-routes-check-origin.md). SameSite=Strict keeps the cookie
 * from other sites, but another port or subdomain of the same host is the "same site" and
 * gets it sent: a page there could sign staff out, or rotate their session under them,
 * with a body-less POST that needs no CORS preflight.
 */
export const CROSS_SITE_MESSAGE =
  "This request came from another site or page, so it was refused. Sign in or out on the site itself.";

/** The origin (scheme://host[:port]) of an http(s) URL; undefined for anything else ("null"). */
function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The site's own origins for a request: the scheme and host it arrived with (from a trusted
 * proxy's X-Forwarded-Proto and X-Forwarded-Host when TRUST_PROXY says so, Fastify's
 * `protocol` and `host`), and PUBLIC_URL's, the address staff are given.
 */
function ownOrigins(request: FastifyRequest, publicUrl: string): string[] {
  const own = originOf(`${request.protocol}://${request.host}`);
  const configured = originOf(publicUrl);
  return [own, configured].filter((origin): origin is string => origin !== undefined);
}

/**
 * Whether a request comes from the site's own pages. A browser sends `Origin` with every
 * POST (and `Sec-Fetch-Site` too); a request with neither comes from no browser (curl, a
 * server) and so cannot carry a victim's cookie on another site's behalf: it passes.
 */
export function isFromOwnSite(request: FastifyRequest, publicUrl: string): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) {
    const claimed = originOf(origin);
    return claimed !== undefined && ownOrigins(request, publicUrl).includes(claimed);
  }
  const site = request.headers["sec-fetch-site"];
  return site !== "cross-site" && site !== "same-site";
}

/** The onRequest hook of a cookie-authenticated route: 403 before anything else runs. */
export function requireOwnSite(app: FastifyInstance): onRequestHookHandler {
  return async (request: FastifyRequest) => {
    if (!isFromOwnSite(request, app.config.publicUrl)) throw new HttpError(403, CROSS_SITE_MESSAGE);
  };
}
