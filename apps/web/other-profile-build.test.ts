import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The web build of the second profile (test-fixtures/other-agency: a PNG logo,
 * green and slate colors), into a folder of its own: its colors are in the pages' stylesheet,
 * its logo in the header, its icons at the public paths, nothing of the sample's look.
 */
const WEB_DIR = import.meta.dirname;
const OTHER_DIR = path.join(WEB_DIR, "../../test-fixtures/other-agency");
// Inside the web app (the prerender imports the server build, which needs its packages), in
// the ignored build folder, beside the real build without touching it.
// `npm test` builds this site once for the leak check (scripts/check-other-profile.mjs
// --keep-at) and names the folder here, so the suite does not build it twice.
const givenBuild = process.env.OTHER_PROFILE_BUILD_DIR;
const reuse = givenBuild !== undefined && existsSync(path.join(givenBuild, "client", "index.html"));
if (!reuse) mkdirSync(path.join(WEB_DIR, "build"), { recursive: true });
const buildDir = reuse
  ? path.resolve(givenBuild)
  : mkdtempSync(path.join(WEB_DIR, "build", ".other-profile-"));
const client = path.join(buildDir, "client");
let output = "";

beforeAll(() => {
  if (reuse) return;
  const result = spawnSync("npx", ["react-router", "build"], {
    cwd: WEB_DIR,
    // NODE_ENV as `npm run build` has it: Vitest's "test" would build the development pages.
    env: { ...process.env, NODE_ENV: "production", AGENCY_DIR: OTHER_DIR, WEB_BUILD_DIR: buildDir },
    encoding: "utf8",
  });
  output = `${result.stdout}\n${result.stderr}`;
  expect(result.status, output).toBe(0);
}, 180_000);
afterAll(() => {
  if (!reuse) rmSync(buildDir, { recursive: true, force: true });
});

const page = (file = "index.html") => readFileSync(path.join(client, file), "utf8");

describe("the second profile's build", () => {
  it("carries its brand colors in the stylesheet, and not the sample's", () => {
    const html = page();
    expect(html).toContain("--color-brand-600:#0b5d3b");
    expect(html).toContain("--color-brand-700:#084a2f");
    expect(html).toContain("--color-navy-900:#102a43");
    for (const sample of ["#1d5bd8", "#1747ad", "#0b1f44", "#eef4ff", "#07142b"]) {
      expect(html, sample).not.toContain(sample);
    }
    expect(html).toContain('<meta name="theme-color" content="#102a43"/>');
  });

  it("draws its PNG logo in the header, eagerly, as WebP with a PNG fallback", () => {
    const header = /<header[\s\S]*?<\/header>/.exec(page())?.[0] ?? "";
    const picture = /<picture[\s\S]*?<\/picture>/.exec(header)?.[0] ?? "";
    expect(picture).toMatch(/<source type="image\/webp" srcSet="\/assets\/logo-[\w-]+\.webp 1x, /);
    expect(picture).toMatch(/<img src="\/assets\/logo-[\w-]+\.png"/);
    expect(picture).toContain('loading="eager"');
    expect(picture).toMatch(/width="\d+" height="40"/);
    const [src = ""] = /\/assets\/logo-[\w-]+\.png/.exec(picture) ?? [];
    expect(existsSync(path.join(client, src))).toBe(true);
  });

  it("links a PNG favicon made from the logo and writes its icons and social image", async () => {
    expect(page()).toContain(
      '<link rel="icon" href="/favicon.png" type="image/png" sizes="48x48"/>',
    );
    expect(existsSync(path.join(client, "favicon.svg"))).toBe(false);
    const size = async (file: string) => {
      const { width, height } = await sharp(path.join(client, file)).metadata();
      return [width, height];
    };
    expect(await size("favicon.png")).toEqual([48, 48]);
    expect(await size("apple-touch-icon.png")).toEqual([180, 180]);
    expect(await size("icon-192.png")).toEqual([192, 192]);
    expect(await size("icon-512.png")).toEqual([512, 512]);
    expect(await size("og-image.png")).toEqual([1200, 630]);
    const manifest = JSON.parse(page("site.webmanifest"));
    expect(manifest.icons[0]).toEqual({ src: "/favicon.png", sizes: "48x48", type: "image/png" });
  });

  it("holds no picture of the sample agency", () => {
    const assets = readdirSync(path.join(client, "assets"));
    expect(assets.filter((file) => /^(team|carrier)-/.test(file))).toEqual([]);
    expect(assets.filter((file) => file.endsWith(".svg"))).toEqual([]);
  });
});
