import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlibConstants } from "node:zlib";
import { AGENCY, APPLE_TOUCH_ICON, faviconFor, MANIFEST_ICONS } from "@agency/domain";
import type { Config } from "@react-router/dev/config";
import { deferScriptsToAfterFirstPaint } from "./app/lib/defer-scripts";
import {
  absoluteUrl,
  CLIENT_RENDERED_PATHS,
  CLIENT_RENDERED_SECTIONS,
  INDEXABLE_PATHS,
  PRERENDERED_PAGES,
} from "./app/lib/site-pages";

/**
 * Every public page is prerendered so its HTML carries the page's main text before any
 * script runs (CONTRACT.md, "Pages"). `/dashboard` and every address under it are
 * deliberately left out: they are served from the SPA fallback file
 * (`__spa-fallback.html`, because "/" is prerendered).
 *
 * "/404" is not a real page: it matches the catch-all route, so the build writes the
 * "Page Not Found" document to `404/index.html`, which the server sends with status 404
 * for any unknown path. The catch-all hydrates at whatever URL it is served under.
 */
const prerenderedPaths = PRERENDERED_PAGES.map((page) => page.path);

/**
 * The prerender list comes from app/lib/site-pages.ts (so the sitemap and canonical links
 * use the same list); this check stops the build when app/routes.ts gains a page that the
 * list does not know about.
 */
function checkPrerenderList(staticPaths: string[]): string[] {
  const known = new Set([...prerenderedPaths, ...CLIENT_RENDERED_PATHS]);
  const missing = staticPaths.filter((staticPath) => !known.has(staticPath));
  if (missing.length > 0) {
    throw new Error(
      `Routes missing from app/lib/site-pages.ts (prerender or client-render them): ${missing.join(", ")}`,
    );
  }
  return prerenderedPaths;
}

function sitemapXml(): string {
  const urls = INDEXABLE_PATHS.map(
    (pagePath) => `  <url>\n    <loc>${absoluteUrl(AGENCY.siteUrl, pagePath)}</loc>\n  </url>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

function robotsTxt(): string {
  return [
    "User-agent: *",
    ...CLIENT_RENDERED_SECTIONS.map((section) => `Disallow: ${section}`),
    "Disallow: /api/",
    "",
    `Sitemap: ${AGENCY.siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
}

/** The web app manifest, named and colored from the agency profile (issue 26). */
function webManifest(): string {
  const manifest = {
    name: AGENCY.name,
    short_name: AGENCY.shortName,
    description: `Independent insurance agency in ${AGENCY.address.city}, ${AGENCY.address.state}: auto, home, renters and business insurance.`,
    start_url: "/",
    scope: "/",
    display: "browser",
    lang: "en-US",
    theme_color: AGENCY.brand.dark,
    background_color: "#ffffff",
    // Made from the profile's logo at build time (site-icons.ts).
    icons: [faviconFor(AGENCY.logo), APPLE_TOUCH_ICON, ...MANIFEST_ICONS].map((icon) => ({
      src: icon.path,
      sizes: icon.size ? `${icon.size}x${icon.size}` : "any",
      type: icon.type,
    })),
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/**
 * Every prerendered page starts its scripts after its first paint (app/lib/defer-scripts.ts).
 * Not the SPA fallback: it shows only "Loading…" until its scripts run.
 */
async function deferScripts(directory: string): Promise<void> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  const pages = entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
    .filter((entry) => entry.name !== "__spa-fallback.html")
    .map((entry) => path.join(entry.parentPath, entry.name));
  await Promise.all(
    pages.map(async (page) => {
      const html = await readFile(page, "utf8");
      await writeFile(page, deferScriptsToAfterFirstPaint(html));
    }),
  );
}

const compressibleFile = /\.(html|js|css|svg|txt|json|xml|webmanifest)$/;

/**
 * Writes `.br` and `.gz` siblings of every text file in the client build (the server
 * serves them when the browser accepts them), skipping files that would not shrink.
 */
async function precompress(directory: string): Promise<void> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && compressibleFile.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  await Promise.all(
    files.map(async (file) => {
      const raw = await readFile(file);
      const [br, gz] = await Promise.all([
        promisify(brotliCompress)(raw, {
          params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY },
        }),
        promisify(gzip)(raw, { level: zlibConstants.Z_BEST_COMPRESSION }),
      ]);
      if (br.length < raw.length) await writeFile(`${file}.br`, br);
      if (gz.length < raw.length) await writeFile(`${file}.gz`, gz);
    }),
  );
}

const config: Config = {
  appDirectory: "app",
  // WEB_BUILD_DIR: only for a test that builds a second profile beside the real build.
  buildDirectory: process.env.WEB_BUILD_DIR || "build",
  ssr: false,
  prerender: ({ getStaticPaths }) => checkPrerenderList(getStaticPaths()),
  // Runs after prerendering, so the HTML files are compressed too.
  async buildEnd({ reactRouterConfig }) {
    const client = path.join(reactRouterConfig.buildDirectory, "client");
    await writeFile(path.join(client, "sitemap.xml"), sitemapXml());
    await writeFile(path.join(client, "robots.txt"), robotsTxt());
    await writeFile(path.join(client, "site.webmanifest"), webManifest());
    if (!process.env.NO_DEFER) await deferScripts(client);
    await precompress(client);
  },
};

export default config;
