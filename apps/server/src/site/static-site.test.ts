import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";
import { createTestDatabase, type TestDatabase } from "../test/databases.ts";

const INLINE_SCRIPT = 'window.__ctx = {"route":"home"};';
const INLINE_STYLE = "h1{color:#0b1f44}.a>b{margin:0}";
const page = (heading: string) =>
  `<!doctype html><html><head><style data-href="/assets/app.css">${INLINE_STYLE}</style>` +
  `<script>${INLINE_SCRIPT}</script>` +
  `<script type="module" src="/assets/entry-abc123.js"></script></head>` +
  `<body><h1>${heading}</h1></body></html>`;

/** A miniature of the web build's layout, so these tests run without building the site. */
function writeFixtureBuild(dir: string): void {
  mkdirSync(path.join(dir, "assets"), { recursive: true });
  mkdirSync(path.join(dir, "our-products"), { recursive: true });
  mkdirSync(path.join(dir, "404"), { recursive: true });
  writeFileSync(path.join(dir, "index.html"), page("Your Safety Our Priority"));
  writeFileSync(path.join(dir, "index.html.gz"), gzipSync(page("Your Safety Our Priority")));
  writeFileSync(path.join(dir, "our-products/index.html"), page("Our Products"));
  writeFileSync(path.join(dir, "404/index.html"), page("Page Not Found"));
  writeFileSync(path.join(dir, "__spa-fallback.html"), page("Loading"));
  writeFileSync(path.join(dir, "assets/entry-abc123.js"), "console.log('hi');");
  writeFileSync(path.join(dir, "robots.txt"), "User-agent: *\n");
}

describe("serving the web build", () => {
  let database: TestDatabase;
  let test: TestApp;
  let buildDir: string;
  beforeAll(async () => {
    buildDir = mkdtempSync(path.join(tmpdir(), "agency-build-"));
    writeFixtureBuild(buildDir);
    database = await createTestDatabase("sqlite");
    test = await createTestApp(database, { serveSite: true, config: { webBuildDir: buildDir } });
  });
  afterAll(async () => {
    await test.app.close();
    await database.drop();
    rmSync(buildDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    test.app.inject({ method: "GET", url, headers });

  it("serves each prerendered page with a CSP that allows exactly its inline scripts and styles", async () => {
    const response = await get("/our-products");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.body).toContain("<h1>Our Products</h1>");
    const csp = String(response.headers["content-security-policy"]);
    const hash = createHash("sha256").update(INLINE_SCRIPT).digest("base64");
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    const styleHash = createHash("sha256").update(INLINE_STYLE).digest("base64");
    expect(csp).toContain(`style-src 'self' 'sha256-${styleHash}';`);
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers["cache-control"]).toBe("no-cache");
  });

  it("accepts a trailing slash", async () => {
    expect((await get("/our-products/")).statusCode).toBe(200);
  });

  it("sends the pre-compressed variant when the client accepts it", async () => {
    const response = await get("/", { "accept-encoding": "gzip" });
    expect(response.headers["content-encoding"]).toBe("gzip");
  });

  it("answers a matching ETag with 304", async () => {
    const first = await get("/");
    const second = await get("/", { "if-none-match": String(first.headers.etag) });
    expect(second.statusCode).toBe(304);
  });

  it("serves the SPA fallback for every dashboard address (views, leads, list states)", async () => {
    for (const url of [
      "/dashboard",
      "/dashboard/quotes",
      "/dashboard/quotes?q=Mar%C3%ADa&page=2",
      "/dashboard/contacts/0b9a5e1c-2f4d-4e8a-9c3b-7d6e5f4a3b2c",
      "/dashboard/no-such-view/x/y",
    ]) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain("Loading");
    }
  });

  it("answers unknown pages with status 404 and the Not Found page", async () => {
    const response = await get("/no-such-page");
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain("Page Not Found");
    expect(response.headers["content-security-policy"]).toContain("sha256-");
  });

  it("answers unknown /api paths and non-GET requests with JSON 404", async () => {
    for (const request of [
      { method: "GET" as const, url: "/api/no-such-thing" },
      { method: "POST" as const, url: "/no-such-page" },
    ]) {
      const response = await test.app.inject(request);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false });
    }
  });

  it("caches hashed assets forever and other files briefly", async () => {
    const asset = await get("/assets/entry-abc123.js");
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const robots = await get("/robots.txt");
    expect(robots.headers["cache-control"]).toBe("public, max-age=3600");
  });

  it("never serves the raw HTML files or the pre-compressed copies by their file names", async () => {
    expect((await get("/our-products/index.html")).statusCode).toBe(404);
    expect((await get("/index.html.gz")).statusCode).toBe(404);
  });
});
