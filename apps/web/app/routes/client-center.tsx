import { AGENCY } from "@agency/domain";
import { ClientCenterPage } from "../features/client-center";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/client-center";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Client Center",
    description: `Report a claim, pay your bill, or request ID cards, a policy change or a certificate of insurance from ${AGENCY.name}.`,
  });

export default function ClientCenter() {
  return <ClientCenterPage />;
}
