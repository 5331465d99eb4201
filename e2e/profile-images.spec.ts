import { APPLE_TOUCH_ICON, MANIFEST_ICONS, OG_IMAGE_FILE } from "@agency/domain";
import { VISITED_PAGE_PATHS } from "../apps/web/app/lib/site-pages.ts";
import { expect, type Page, test } from "./support/test.ts";

/**
 * The agency profile's pictures as the build made them (apps/web/profile-images.ts,
 * site-icons.ts): every picture from the profile on every prerendered page keeps its place
 * before it loads, loads lazily below the fold, is one of the site's own files in the
 * formats it says; the icons and the social image exist at their pixel sizes.
 */

/** Every prerendered page a visitor opens (lib/site-pages.ts): a new page is checked too. */
const PAGES = VISITED_PAGE_PATHS;

interface PictureFacts {
  src: string;
  width: string | null;
  height: string | null;
  loading: string | null;
  top: number;
  inHeader: boolean;
  sources: { type: string | null; srcset: string | null }[];
  srcset: string | null;
}

/** Every <img> of a <picture> (ProfileImage), as the prerendered page has it, before scrolling. */
function pictures(page: Page): Promise<PictureFacts[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll("picture > img")].map((img) => ({
      src: img.getAttribute("src") ?? "",
      width: img.getAttribute("width"),
      height: img.getAttribute("height"),
      loading: img.getAttribute("loading"),
      top: img.getBoundingClientRect().top + window.scrollY,
      inHeader: img.closest("header") !== null,
      srcset: img.getAttribute("srcset"),
      sources: [...(img.parentElement?.querySelectorAll("source") ?? [])].map((source) => ({
        type: source.getAttribute("type"),
        srcset: source.getAttribute("srcset"),
      })),
    })),
  );
}

/** The URLs of a srcset ("/assets/a.avif 1x, /assets/b.avif 2x"). */
const srcsetUrls = (srcset: string | null) =>
  (srcset ?? "")
    .split(",")
    .map((candidate) => candidate.trim().split(/\s+/)[0] ?? "")
    .filter(Boolean);

/** A PNG's width and height from its IHDR chunk. */
function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

for (const viewport of [
  { width: 375, height: 667 },
  { width: 1280, height: 800 },
]) {
  test(`every profile picture keeps its size and loads lazily below the fold (${viewport.width} px)`, async ({
    page,
    request,
  }) => {
    // Every page (fourteen today), each loaded until it is live.
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    const checked = new Set<string>();
    let count = 0;
    for (const path of PAGES) {
      await page.goto(path);
      const found = await pictures(page);
      expect(found.length, `${path}: the logo at least`).toBeGreaterThan(0);
      for (const picture of found) {
        const where = `${path} ${picture.src}`;
        count += 1;
        expect(picture.src, where).toMatch(/^\/assets\//);
        expect(Number(picture.width), `${where} width`).toBeGreaterThan(0);
        expect(Number(picture.height), `${where} height`).toBeGreaterThan(0);
        if (picture.inHeader) expect(picture.loading, `${where} (header)`).toBe("eager");
        else if (picture.top >= viewport.height) {
          expect(picture.loading, `${where} below the fold`).toBe("lazy");
        }
        for (const source of picture.sources) {
          expect(["image/avif", "image/webp"], where).toContain(source.type);
        }
        const urls = [
          picture.src,
          ...srcsetUrls(picture.srcset),
          ...picture.sources.flatMap((source) =>
            srcsetUrls(source.srcset).map((url) => `${url}#${source.type}`),
          ),
        ];
        for (const entry of urls) {
          const [url = "", type] = entry.split("#");
          if (checked.has(url)) continue;
          checked.add(url);
          const response = await request.get(url);
          expect(response.status(), url).toBe(200);
          if (type) expect(response.headers()["content-type"], url).toContain(type);
        }
      }
    }
    expect(count).toBeGreaterThanOrEqual(PAGES.length);
  });
}

test("the header's logo is in place at first paint and does not move the header", async ({
  page,
}) => {
  test.setTimeout(60_000);
  for (const viewport of [
    // The header's bar (h-16, nav:h-20) and its 1 px bottom border, as before the logo came
    // from the profile.
    { width: 375, height: 667, logo: 36, header: 65 },
    { width: 1280, height: 800, logo: 40, header: 81 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto("/");
    const logo = page.locator("header picture > img").first();
    await expect(logo).toHaveJSProperty("complete", true);
    const box = await logo.boundingBox();
    expect(box?.height, `${viewport.width} px`).toBe(viewport.logo);
    const header = await page.locator("header").first().boundingBox();
    expect(header?.height, `${viewport.width} px`).toBe(viewport.header);
    expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  }
});

test("the icons, manifest icons and social image exist at their pixel sizes", async ({
  request,
}) => {
  const sizes: Array<[path: string, width: number, height: number]> = [
    [OG_IMAGE_FILE.path, OG_IMAGE_FILE.width, OG_IMAGE_FILE.height],
    ...[APPLE_TOUCH_ICON, ...MANIFEST_ICONS].map((icon): [string, number, number] => [
      icon.path,
      icon.size ?? 0,
      icon.size ?? 0,
    ]),
  ];
  for (const [path, width, height] of sizes) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["content-type"], path).toContain("image/png");
    expect(pngSize(await response.body()), path).toEqual([width, height]);
  }
  const manifest = await (await request.get("/site.webmanifest")).json();
  for (const icon of MANIFEST_ICONS) {
    expect(manifest.icons).toContainEqual({
      src: icon.path,
      sizes: `${icon.size}x${icon.size}`,
      type: "image/png",
    });
  }
});
