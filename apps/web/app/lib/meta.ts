import { AGENCY } from "@agency/domain";
import type { MetaDescriptor } from "react-router";

interface PageMetaOptions {
  /** The page's own title; the agency name is appended. */
  title: string;
  description: string;
  /** Keep the page out of search results (login, logout, dashboard, not found). */
  noIndex?: boolean;
}

/** `meta` descriptors for a route: its document title and description. */
export function pageMeta({
  title,
  description,
  noIndex = false,
}: PageMetaOptions): MetaDescriptor[] {
  return [
    { title: `${title} | ${AGENCY.name}` },
    { name: "description", content: description },
    ...(noIndex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}
