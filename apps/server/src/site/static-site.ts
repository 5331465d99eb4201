import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { STOP_LINK_TEXT, stopApiPath } from "@agency/domain";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  inlineScriptHashes,
  inlineStyleHashes,
  pageContentSecurityPolicy,
} from "../plugins/security-headers.ts";

type Page = {
  raw: Buffer;
  br: Buffer | undefined;
  gzip: Buffer | undefined;
  etag: string;
  csp: string;
};

/** Build artefacts the server gives special meaning to (written by React Router's build). */
const SPA_FALLBACK_FILE = "__spa-fallback.html";
const NOT_FOUND_FILE = "404/index.html";

/** Client-rendered sections served from the SPA fallback (everything else is prerendered). */
const SPA_PATHS = ["/dashboard", "/dashboard/*"];

/**
 * A visitor's booking page (decision 0035): its address holds the booking's bearer token, so
 * it is never prerendered, and no request from it (a link, an asset) carries it in a Referer.
 */
const MANAGE_PATH = "/appointments/manage/:token";
/** A privacy request's one-time link (decision 0082): the same care as a booking's. */
const PRIVACY_VERIFY_PATH = "/privacy/verify/:token";

/**
 * The "stop contacting me" link (decision 0081): like the manage page, plus, for a browser
 * without scripts, one button posting to the API (which answers with a 303 back here).
 */
const STOP_PATH = "/stop/:token";
const STOP_TOKEN = /^[A-Za-z0-9_-]{1,600}\.[A-Za-z0-9_-]{1,40}$/;

export type SiteOptions = { buildDir: string };

/**
 * Serves the web build: each prerendered page from memory with its own CSP (hashes of its
 * inline scripts) and pre-compressed variants, hashed assets with immutable caching, the
 * SPA fallback for the dashboard, and a real 404 page for unknown paths.
 */
export async function registerStaticSite(app: FastifyInstance, options: SiteOptions) {
  const { buildDir } = options;
  if (!existsSync(path.join(buildDir, "index.html"))) {
    throw new Error(`The web build is missing (${buildDir}); run "npm run build" first.`);
  }
  const pages = loadPages(buildDir);
  const fallback = pages.get(SPA_FALLBACK_FILE);
  const notFoundPage = pages.get(NOT_FOUND_FILE);

  await app.register(fastifyStatic, {
    root: buildDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    // HTML is served below with per-page headers, never as a raw file; the pre-compressed
    // copies (.br, .gz) are how a file is sent, not files of their own.
    allowedPath: (pathName) => !/\.(html|br|gz)$/.test(pathName),
    setHeaders: (reply, filePath) => {
      const isHashedAsset = filePath.startsWith(path.join(buildDir, "assets") + path.sep);
      reply.header(
        "cache-control",
        isHashedAsset ? "public, max-age=31536000, immutable" : "public, max-age=3600",
      );
    },
  });

  for (const [file, page] of pages) {
    const route = routeForFile(file);
    if (!route || file === NOT_FOUND_FILE) continue;
    app.get(route, (request, reply) => sendPage(request, reply, page, 200));
  }
  if (fallback) {
    for (const route of SPA_PATHS) {
      app.get(route, (request, reply) => sendPage(request, reply, fallback, 200));
    }
    app.get<{ Params: { token: string } }>(STOP_PATH, (request, reply) => {
      reply.header("referrer-policy", "no-referrer").header("x-robots-tag", "noindex");
      const { token } = request.params;
      if (!STOP_TOKEN.test(token) || "result" in (request.query as object)) {
        return sendPage(request, reply, fallback, 200);
      }
      const form = `<noscript><form method="post" action="${stopApiPath(token)}"><h1>${STOP_LINK_TEXT.title}</h1><p>${STOP_LINK_TEXT.intro}</p><button type="submit">${STOP_LINK_TEXT.button}</button></form></noscript>`;
      const html = fallback.raw.toString("utf8").replace(/<body([^>]*)>/, `<body$1>${form}`);
      return reply
        .code(200)
        .header("content-type", "text/html; charset=utf-8")
        .header("content-security-policy", fallback.csp)
        .header("cache-control", "no-store")
        .send(html);
    });
    for (const route of [MANAGE_PATH, PRIVACY_VERIFY_PATH]) {
      app.get(route, (request, reply) => {
        reply.header("referrer-policy", "no-referrer").header("x-robots-tag", "noindex");
        return sendPage(request, reply, fallback, 200);
      });
    }
  }

  app.setNotFoundHandler((request, reply) => {
    const isPageRequest =
      (request.method === "GET" || request.method === "HEAD") && !request.url.startsWith("/api/");
    if (isPageRequest && notFoundPage) return sendPage(request, reply, notFoundPage, 404);
    return reply.code(404).send({ success: false, message: "Not found", error: "Not found" });
  });
}

/** `index.html` → `/`, `our-products/index.html` → `/our-products`; other html is not a route. */
function routeForFile(file: string): string | undefined {
  if (file === "index.html") return "/";
  if (!file.endsWith("/index.html")) return undefined;
  return `/${file.slice(0, -"/index.html".length)}`;
}

function sendPage(request: FastifyRequest, reply: FastifyReply, page: Page, status: number) {
  reply
    .code(status)
    .header("content-type", "text/html; charset=utf-8")
    .header("content-security-policy", page.csp)
    .header("cache-control", "no-cache")
    .header("vary", "accept-encoding")
    .header("etag", page.etag);
  if (status === 200 && request.headers["if-none-match"] === page.etag) {
    return reply.code(304).send();
  }
  const accepted = String(request.headers["accept-encoding"] ?? "");
  if (page.br && /\bbr\b/.test(accepted)) {
    return reply.header("content-encoding", "br").send(page.br);
  }
  if (page.gzip && /\bgzip\b/.test(accepted)) {
    return reply.header("content-encoding", "gzip").send(page.gzip);
  }
  return reply.send(page.raw);
}

function loadPages(buildDir: string): Map<string, Page> {
  const pages = new Map<string, Page>();
  for (const entry of readdirSync(buildDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".html")) continue;
    const full = path.join(entry.parentPath, entry.name);
    const file = path.relative(buildDir, full).split(path.sep).join("/");
    const raw = readFileSync(full);
    pages.set(file, {
      raw,
      br: readIfExists(`${full}.br`),
      gzip: readIfExists(`${full}.gz`),
      etag: `"${createHash("sha256").update(raw).digest("base64url").slice(0, 27)}"`,
      csp: pageContentSecurityPolicy(
        inlineScriptHashes(raw.toString("utf8")),
        inlineStyleHashes(raw.toString("utf8")),
      ),
    });
  }
  return pages;
}

function readIfExists(file: string): Buffer | undefined {
  return existsSync(file) ? readFileSync(file) : undefined;
}
