/**
 * The icons and the social preview image, made at build time from the profile's logo and
 * name (paths and sizes: packages/domain/src/site-icons.ts; docs/decisions/0058-profile-images.md):
 * the favicon (the logo itself when it is an SVG), the Apple touch icon and the manifest's
 * icons (the logo on white, with a margin), and the Open Graph image (the logo on a white
 * tile and the name, on the brand's dark color).
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { AgencyProfile } from "@agency/domain/agency-profile-files";
import {
  APPLE_TOUCH_ICON,
  faviconFor,
  MANIFEST_ICONS,
  OG_IMAGE_FILE,
} from "@agency/domain/site-icons";
import sharp from "sharp";
import { checkedImageKind, DEFAULT_CACHE_DIR, svgSize } from "./profile-images.ts";

export interface GeneratedIcon {
  /** Its path under the client build, without the leading slash ("og-image.png"). */
  fileName: string;
  type: string;
  bytes: Buffer;
}

/** Every public path this file writes for `profile`. */
export function siteIconPaths(profile: AgencyProfile): string[] {
  return [
    faviconFor(profile.logo).path,
    APPLE_TOUCH_ICON.path,
    ...MANIFEST_ICONS.map((icon) => icon.path),
    OG_IMAGE_FILE.path,
  ];
}

/** The logo as a PNG that fits `width` × `height` (transparent around its shape). */
async function logoPng(bytes: Buffer, fileName: string, width: number, height: number) {
  const kind = checkedImageKind(bytes, fileName);
  let input = sharp(bytes);
  if (kind === "svg") {
    // Rasterised at the size it is drawn at, not scaled up from its 72 dpi rendering.
    const size = svgSize(bytes.toString("utf8"));
    const scale = Math.min(width / size.width, height / size.height);
    input = sharp(bytes, { density: Math.min(72 * scale, 2400) });
  }
  return input
    .resize(width, height, { fit: "inside", background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer({ resolveWithObject: true });
}

/** A square icon: the logo centered in `inner` px on a `size` px background. */
async function squareIcon(
  logo: Buffer,
  fileName: string,
  size: number,
  inner: number,
  background: string | { r: number; g: number; b: number; alpha: number },
) {
  const { data, info } = await logoPng(logo, fileName, inner, inner);
  return sharp({ create: { width: size, height: size, channels: 4, background } })
    .composite([
      {
        input: data,
        left: Math.round((size - info.width) / 2),
        top: Math.round((size - info.height) / 2),
      },
    ])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** Text for Pango markup. */
const escapeMarkup = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** 1200 × 630: a white tile with the logo, and the agency's name, on the brand's dark color. */
async function ogImage(profile: AgencyProfile, logo: Buffer): Promise<Buffer> {
  const { width, height } = OG_IMAGE_FILE;
  const tile = 280;
  const tileLeft = 110;
  const tileTop = Math.round((height - tile) / 2);
  const tileSvg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${tile}" height="${tile}"><rect width="${tile}" height="${tile}" rx="36" fill="#ffffff"/></svg>`,
  );
  const mark = await logoPng(logo, profile.logo, tile - 64, tile - 64);
  const textLeft = tileLeft + tile + 64;
  const textWidth = width - textLeft - 90;
  const name = await sharp({
    text: {
      text: `<span foreground="#ffffff">${escapeMarkup(profile.name)}</span>`,
      font: "sans bold 60",
      width: textWidth,
      height: 300,
      rgba: true,
      wrap: "word",
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  // A no-break space: the state never wraps away from its city.
  const place = `${profile.address.city},\u00a0${profile.address.state}`;
  const subtitle = await sharp({
    text: {
      text: `<span foreground="#ffffff">${escapeMarkup(`Independent insurance agency · ${place}`)}</span>`,
      font: "sans 28",
      width: textWidth,
      rgba: true,
      wrap: "word",
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  const gap = 28;
  const textTop = Math.round((height - name.info.height - gap - subtitle.info.height) / 2);
  const composed = await sharp({
    create: { width, height, channels: 3, background: profile.brand.dark },
  })
    .composite([
      { input: tileSvg, left: tileLeft, top: tileTop },
      {
        input: mark.data,
        left: tileLeft + Math.round((tile - mark.info.width) / 2),
        top: tileTop + Math.round((tile - mark.info.height) / 2),
      },
      { input: name.data, left: textLeft, top: textTop },
      { input: subtitle.data, left: textLeft, top: textTop + name.info.height + gap },
    ])
    .raw()
    .toBuffer({ resolveWithObject: true });
  // Opaque (no alpha channel): composite runs last in a pipeline, so flattening takes a second one.
  return sharp(composed.data, { raw: composed.info })
    .removeAlpha()
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** Every generated icon and image of `profile`, whose files are in `dir`. */
export async function generateSiteIcons(
  profile: AgencyProfile,
  dir: string,
): Promise<GeneratedIcon[]> {
  const logo = readFileSync(path.join(dir, profile.logo));
  const favicon = faviconFor(profile.logo);
  const white = "#ffffff";
  const strip = (iconPath: string) => iconPath.replace(/^\//, "");
  const [faviconBytes, appleTouch, og, ...manifest] = await Promise.all([
    favicon.type === "image/svg+xml"
      ? Promise.resolve(logo)
      : squareIcon(logo, profile.logo, favicon.size ?? 48, favicon.size ?? 48, {
          r: 0,
          g: 0,
          b: 0,
          alpha: 0,
        }),
    squareIcon(logo, profile.logo, APPLE_TOUCH_ICON.size ?? 180, 140, white),
    ogImage(profile, logo),
    ...MANIFEST_ICONS.map((icon) => {
      const size = icon.size ?? 512;
      return squareIcon(logo, profile.logo, size, Math.round(size * 0.75), white);
    }),
  ]);
  return [
    { fileName: strip(favicon.path), type: favicon.type, bytes: faviconBytes },
    { fileName: strip(APPLE_TOUCH_ICON.path), type: APPLE_TOUCH_ICON.type, bytes: appleTouch },
    { fileName: strip(OG_IMAGE_FILE.path), type: "image/png", bytes: og },
    ...MANIFEST_ICONS.map((icon, i) => ({
      fileName: strip(icon.path),
      type: icon.type,
      bytes: manifest[i] as Buffer,
    })),
  ];
}

/** Bumped whenever the drawing changes, so icons cached the old way are not reused. */
const ICONS_VERSION = "1";

/**
 * generateSiteIcons, kept under the cache folder by what they are made of (the logo's bytes,
 * the name, the place, the dark color): a rebuild of an unchanged profile draws nothing.
 */
export async function cachedSiteIcons(
  profile: AgencyProfile,
  dir: string,
  cacheDir: string = DEFAULT_CACHE_DIR,
): Promise<GeneratedIcon[]> {
  const key = createHash("sha256")
    .update(
      JSON.stringify([
        ICONS_VERSION,
        profile.logo,
        profile.name,
        profile.address.city,
        profile.address.state,
        profile.brand.dark,
      ]),
    )
    .update(readFileSync(path.join(dir, profile.logo)))
    .digest("base64url")
    .slice(0, 24);
  const folder = path.join(cacheDir, `icons-${key}`);
  const index = path.join(folder, "icons.json");
  if (existsSync(index)) {
    const listed = JSON.parse(readFileSync(index, "utf8")) as Omit<GeneratedIcon, "bytes">[];
    if (listed.every((icon) => existsSync(path.join(folder, icon.fileName)))) {
      return listed.map((icon) => ({
        ...icon,
        bytes: readFileSync(path.join(folder, icon.fileName)),
      }));
    }
  }
  const icons = await generateSiteIcons(profile, dir);
  mkdirSync(folder, { recursive: true });
  for (const icon of icons) writeFileSync(path.join(folder, icon.fileName), icon.bytes);
  const listed = icons.map(({ fileName, type }) => ({ fileName, type }));
  writeFileSync(`${index}.tmp`, JSON.stringify(listed));
  renameSync(`${index}.tmp`, index);
  return icons;
}
