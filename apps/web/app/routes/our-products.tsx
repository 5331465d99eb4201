import { AGENCY } from "@agency/domain";
import { ProductsPage } from "../features/products/products-page";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/our-products";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Our Products",
    description: `Auto, home, renters, motorcycle, commercial, workers compensation, cyber and general liability insurance from several carriers, arranged by an independent ${AGENCY.stateName} agency.`,
  });

export default function OurProducts() {
  return <ProductsPage />;
}
