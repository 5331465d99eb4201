import { useParams } from "react-router";
import { PrivacyVerifyPage } from "../features/privacy-request";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/privacy-verify";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({
    title: "Confirm your privacy request",
    description: "Confirm your privacy request with the link from your email.",
    noIndex: true,
  }),
  // The address holds the one-time link: no request from this page may carry it away.
  { name: "referrer", content: "no-referrer" },
];

/** The link in a privacy request's email (decision 0082); client-rendered, never prerendered. */
export default function PrivacyVerify() {
  const { token = "" } = useParams();
  return <PrivacyVerifyPage key={token} token={token} />;
}
