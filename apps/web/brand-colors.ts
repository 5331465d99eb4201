/**
 * The site's colors from the agency profile's brand (docs/decisions/0058-profile-images.md):
 * app.css's @theme holds the sample's palette, and the build rewrites it for the profile.
 * brand-600, brand-700 and navy-900 are the profile's `primary`, `primaryHover` and `dark`;
 * every other shade stands to its base as the sample's shade stands to the sample's (in
 * OKLCH: the same share of the way to white or black, the same chroma ratio, the same hue
 * turn), so the sample renders exactly as app.css says and another brand gets shades that
 * stand the same way to its own colors.
 */
import { agencyDir, loadAgencyProfile } from "@agency/domain/agency-profile-files";
import type { Plugin } from "vite";

export interface BrandColors {
  primary: string;
  primaryHover: string;
  dark: string;
}

/** Which profile color each theme variable is, or is derived from. */
const BASES: Record<string, keyof BrandColors> = {
  "brand-50": "primary",
  "brand-100": "primary",
  "brand-200": "primary",
  "brand-600": "primary",
  "brand-700": "primaryHover",
  "brand-800": "primaryHover",
  "navy-950": "dark",
  "navy-900": "dark",
  "navy-800": "dark",
  "navy-700": "dark",
};

/** The sample variable each profile color is in app.css. */
const BASE_VARIABLES: Record<keyof BrandColors, string> = {
  primary: "brand-600",
  primaryHover: "brand-700",
  dark: "navy-900",
};

type Oklch = { l: number; c: number; h: number };

const toLinear = (channel: number) =>
  channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
const fromLinear = (channel: number) =>
  channel <= 0.0031308 ? channel * 12.92 : 1.055 * channel ** (1 / 2.4) - 0.055;

function hexToOklch(hex: string): Oklch {
  const [r, g, b] = [1, 3, 5].map((i) => toLinear(Number.parseInt(hex.slice(i, i + 2), 16) / 255));
  const [lr, lg, lb] = [r, g, b] as [number, number, number];
  const l = Math.cbrt(0.4122214708 * lr + 0.5363325363 * lg + 0.0514459929 * lb);
  const m = Math.cbrt(0.2119034982 * lr + 0.6806995451 * lg + 0.1073969566 * lb);
  const s = Math.cbrt(0.0883024619 * lr + 0.2817188376 * lg + 0.6299787005 * lb);
  const L = 0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s;
  const A = 1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s;
  const B = 0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s;
  return { l: L, c: Math.hypot(A, B), h: Math.atan2(B, A) };
}

/** Linear sRGB of an OKLCH color (channels may fall outside 0–1: out of gamut). */
function oklchToLinear({ l: L, c, h }: Oklch): [number, number, number] {
  const A = c * Math.cos(h);
  const B = c * Math.sin(h);
  const l = (L + 0.3963377774 * A + 0.2158037573 * B) ** 3;
  const m = (L - 0.1055613458 * A - 0.0638541728 * B) ** 3;
  const s = (L - 0.0894841775 * A - 1.291485548 * B) ** 3;
  return [
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
  ];
}

const inGamut = (channels: number[]) => channels.every((v) => v >= -1e-4 && v <= 1 + 1e-4);

/** The nearest sRGB color of the same lightness and hue (chroma reduced until it fits). */
function oklchToHex(color: Oklch): string {
  const l = Math.min(1, Math.max(0, color.l));
  let low = 0;
  let high = Math.max(0, color.c);
  if (!inGamut(oklchToLinear({ l, c: high, h: color.h }))) {
    for (let i = 0; i < 30; i++) {
      const mid = (low + high) / 2;
      if (inGamut(oklchToLinear({ l, c: mid, h: color.h }))) low = mid;
      else high = mid;
    }
    high = low;
  }
  return `#${oklchToLinear({ l, c: high, h: color.h })
    .map((v) =>
      Math.round(Math.min(1, Math.max(0, fromLinear(Math.min(1, Math.max(0, v))))) * 255)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

/** The shade that stands to `base` as `referenceShade` stands to `referenceBase`. */
export function deriveShade(referenceBase: string, referenceShade: string, base: string): string {
  if (referenceShade.toLowerCase() === referenceBase.toLowerCase()) return base.toLowerCase();
  if (referenceBase.toLowerCase() === base.toLowerCase()) return referenceShade.toLowerCase();
  const from = hexToOklch(referenceBase);
  const shade = hexToOklch(referenceShade);
  const to = hexToOklch(base);
  // A gray base (no hue of its own) takes the shade's hue; its chroma follows the ratio.
  const chromaRatio = from.c > 1e-4 ? shade.c / from.c : 1;
  // Lightness as the same share of the way to white (a lighter shade) or to black (darker),
  // so a tint behind text stays as light whatever the base.
  const l =
    shade.l >= from.l
      ? to.l + (1 - to.l) * ((shade.l - from.l) / Math.max(1e-6, 1 - from.l))
      : to.l * (shade.l / Math.max(1e-6, from.l));
  return oklchToHex({
    l,
    c: to.c * chromaRatio,
    h: to.h + (shade.h - from.h),
  });
}

const THEME_VARIABLE = /(--color-((?:brand|navy)-\d+)\s*:\s*)(#[0-9a-fA-F]{6})/g;

/**
 * app.css with its brand and navy colors set from `brand`. Throws when app.css lacks one of
 * the variables the profile's colors take (a renamed variable must not go unnoticed).
 */
export function brandStylesheet(css: string, brand: BrandColors): string {
  const reference = new Map<string, string>();
  for (const [, , name, value] of css.matchAll(THEME_VARIABLE)) {
    if (name && value) reference.set(name, value);
  }
  for (const name of Object.keys(BASES)) {
    if (!reference.has(name)) throw new Error(`app.css: --color-${name} is not in its @theme`);
  }
  return css.replace(THEME_VARIABLE, (whole, prefix: string, name: string) => {
    const baseKey = BASES[name];
    if (!baseKey) return whole;
    const referenceBase = reference.get(BASE_VARIABLES[baseKey]) as string;
    const value = deriveShade(referenceBase, reference.get(name) as string, brand[baseKey]);
    return `${prefix}${value}`;
  });
}

/**
 * The Vite plugin: app.css (whatever the query: `?url`, `?inline`) reaches Tailwind with the
 * profile's colors in its @theme. No inline style: the colors are in the site's stylesheet.
 */
export function brandColors(): Plugin {
  return {
    name: "brand-colors",
    enforce: "pre",
    transform(code, id) {
      if (!/[\\/]app[\\/]app\.css(\?.*)?$/.test(id)) return undefined;
      // `?url` and `?raw` are modules exporting a string by now, not the stylesheet.
      if (/[?&](url|raw)\b/.test(id)) return undefined;
      const { brand } = loadAgencyProfile(agencyDir());
      return { code: brandStylesheet(code, brand), map: null };
    },
  };
}
