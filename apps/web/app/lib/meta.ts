import { AGENCY, OG_IMAGE_FILE } from "@agency/domain";
import type { MetaDescriptor } from "react-router";

/**
 * The social preview image (1200 × 630, made from the profile's logo and name at build time:
 * apps/web/site-icons.ts), as an absolute URL for crawlers.
 */
export const OG_IMAGE = {
  url: `${AGENCY.siteUrl}${OG_IMAGE_FILE.path}`,
  width: OG_IMAGE_FILE.width,
  height: OG_IMAGE_FILE.height,
  alt: `${AGENCY.name}: independent insurance agency in ${AGENCY.region}`,
} as const;

interface PageMetaOptions {
  /** The page's own title; the agency name is appended unless `isFullTitle` is set. */
  title: string;
  description: string;
  /** The title is already the whole document title (the home page leads with the name). */
  isFullTitle?: boolean;
  /** Keep the page out of search results (login, logout, dashboard, not found). */
  noIndex?: boolean;
}

/**
 * `meta` descriptors for a route: document title, description, Open Graph and Twitter
 * card tags. The canonical link and `og:url` depend only on the path, so the root adds
 * them for every indexable page (features/site/seo.tsx).
 */
export function pageMeta({
  title,
  description,
  isFullTitle = false,
  noIndex = false,
}: PageMetaOptions): MetaDescriptor[] {
  const documentTitle = isFullTitle ? title : `${title} | ${AGENCY.name}`;
  if (noIndex) {
    return [
      { title: documentTitle },
      { name: "description", content: description },
      { name: "robots", content: "noindex" },
    ];
  }
  return [
    { title: documentTitle },
    { name: "description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: AGENCY.name },
    { property: "og:locale", content: "en_US" },
    { property: "og:title", content: documentTitle },
    { property: "og:description", content: description },
    { property: "og:image", content: OG_IMAGE.url },
    { property: "og:image:width", content: String(OG_IMAGE.width) },
    { property: "og:image:height", content: String(OG_IMAGE.height) },
    { property: "og:image:alt", content: OG_IMAGE.alt },
    { name: "twitter:card", content: "summary" },
    { name: "twitter:title", content: documentTitle },
    { name: "twitter:description", content: description },
  ];
}
