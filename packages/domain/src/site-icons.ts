/**
 * The icons and the social preview image the web build makes from the profile's logo and
 * name (apps/web/site-icons.ts), at fixed public paths. One place for their paths and sizes:
 * the build writes them, the pages' <link>s, the web manifest, the structured data and the
 * Open Graph tags point at them (docs/decisions/0058-profile-images.md).
 */

export interface SiteIcon {
  path: string;
  type: "image/svg+xml" | "image/png";
  /** Pixel size of a square icon; absent for an SVG (any size). */
  size?: number;
}

/** The social preview image (Open Graph): the logo and the name on the brand's dark color. */
export const OG_IMAGE_FILE = { path: "/og-image.png", width: 1200, height: 630 } as const;

/** The home screen icon iOS asks for. */
export const APPLE_TOUCH_ICON: SiteIcon = {
  path: "/apple-touch-icon.png",
  type: "image/png",
  size: 180,
};

/** The web manifest's icons (install prompts, Android home screens). */
export const MANIFEST_ICONS: readonly SiteIcon[] = [
  { path: "/icon-192.png", type: "image/png", size: 192 },
  { path: "/icon-512.png", type: "image/png", size: 512 },
];

/** The browser tab's icon: the logo itself when it is an SVG, else a 48 px PNG made from it. */
export function faviconFor(logo: string): SiteIcon {
  return logo.toLowerCase().endsWith(".svg")
    ? { path: "/favicon.svg", type: "image/svg+xml" }
    : { path: "/favicon.png", type: "image/png", size: 48 };
}
