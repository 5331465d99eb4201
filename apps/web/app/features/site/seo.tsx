import { AGENCY } from "@agency/domain";
import { useLocation } from "react-router";
import { absoluteUrl, isIndexablePath } from "../../lib/site-pages";
import { insuranceAgencyJsonLd, serializeJsonLd } from "../../lib/structured-data";

/**
 * The path-dependent search tags of an indexable page: its canonical URL and `og:url`
 * (React hoists both into `<head>`), and on the home page the agency's structured data.
 * Login, logout, the dashboard and the Not Found page get none of them.
 *
 * The JSON-LD block is data, not script: browsers never execute it, so the strict CSP
 * does not apply to it (the server's inline-script hashing merely adds one unused hash).
 */
export function SeoTags() {
  const { pathname } = useLocation();
  if (!isIndexablePath(pathname)) return null;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const url = absoluteUrl(AGENCY.siteUrl, path);
  return (
    <>
      <link rel="canonical" href={url} />
      <meta property="og:url" content={url} />
      {path === "/" ? (
        <script
          type="application/ld+json"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD must be raw JSON; serializeJsonLd escapes "<".
          dangerouslySetInnerHTML={{ __html: serializeJsonLd(insuranceAgencyJsonLd()) }}
        />
      ) : null}
    </>
  );
}
