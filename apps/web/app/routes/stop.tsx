import { useParams, useSearchParams } from "react-router";
import { StopPage } from "../features/stop-link/index";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/stop";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({
    title: "Stop contacting me",
    description: "Ask us to stop calling, texting and emailing you about insurance.",
    noIndex: true,
  }),
  // The address holds the person's stop link: no request from this page may carry it away.
  { name: "referrer", content: "no-referrer" },
];

/** The "stop contacting me" link in every email (decision 0081); client-rendered. */
export default function Stop() {
  const { token = "" } = useParams();
  const [search] = useSearchParams();
  return <StopPage key={token} token={token} result={search.get("result")} />;
}
