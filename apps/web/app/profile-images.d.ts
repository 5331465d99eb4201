/** The agency profile's images, processed at build time (apps/web/profile-images-plugin.ts). */
declare module "virtual:profile-images" {
  export interface ProfileImageData {
    /** The CSS size to show it at: the <img>'s width and height attributes. */
    width: number;
    height: number;
    /** For a srcset of widths ("640w"): the width it is shown at. */
    sizes?: string;
    /** Modern formats first (AVIF, WebP), each a srcset. */
    sources: { type: string; srcset: string }[];
    /** What every browser shows: JPEG, PNG or the SVG itself (a srcset when several sizes). */
    fallback: { type: string; src: string; srcset?: string };
  }
  const images: Readonly<
    Record<"logo" | "team" | "carrier", Readonly<Record<string, ProfileImageData>>>
  >;
  export default images;
}
