import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";

/** The only other host the site talks to: the embedded map on the location and contact pages. */
const MAP_FRAME_ORIGIN = "https://www.google.com";

function hashSources(bodies: Iterable<string>): string[] {
  const hashes = new Set<string>();
  for (const body of bodies) {
    if (body.length === 0) continue;
    hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/** sha256 sources for every inline script of a prerendered page, so no 'unsafe-inline' is needed. */
export function inlineScriptHashes(html: string): string[] {
  return hashSources(
    Array.from(
      html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi),
      (match) => match[1] ?? "",
    ),
  );
}

/**
 * sha256 sources for every <style> block of a prerendered page (the site's stylesheet is
 * written into the page). Style attributes stay forbidden: a hash allows only the block
 * whose exact text it was computed from.
 */
export function inlineStyleHashes(html: string): string[] {
  return hashSources(
    Array.from(html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi), (match) => match[1] ?? ""),
  );
}

export function pageContentSecurityPolicy(
  scriptHashes: string[],
  styleHashes: string[] = [],
): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(" ")}`.trim(),
    `style-src 'self' ${styleHashes.join(" ")}`.trim(),
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src ${MAP_FRAME_ORIGIN}`,
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** What every non-HTML response (JSON, assets) carries: nothing may run or frame it. */
const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * Security headers on every response. A page sets its own CSP (with its script hashes)
 * before sending; everything else gets the locked-down default.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook("onSend", async (request, reply, payload) => {
    if (!reply.hasHeader("content-security-policy")) {
      reply.header("content-security-policy", API_CSP);
    }
    reply.header("x-content-type-options", "nosniff");
    // A page whose address holds a secret (a booking's manage link) sets a stricter one.
    if (!reply.hasHeader("referrer-policy")) {
      reply.header("referrer-policy", "strict-origin-when-cross-origin");
    }
    reply.header("x-frame-options", "DENY");
    reply.header("cross-origin-opener-policy", "same-origin");
    reply.header("cross-origin-resource-policy", "same-origin");
    reply.header(
      "permissions-policy",
      "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    );
    reply.header("x-request-id", request.id);
    // HSTS only means something over HTTPS (directly, or behind a trusted proxy).
    if (request.protocol === "https") {
      reply.header("strict-transport-security", "max-age=31536000; includeSubDomains");
    }
    return payload;
  });
}
