import { AGENCY, PRODUCT_LINES, productLinesIn } from "@agency/domain";
import { type Dispatch, type SetStateAction, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { ButtonLink } from "../../components/button-link";
import { PhoneIcon } from "../../components/icons/index";
import { PageHeading } from "../../components/page-heading";
import { withoutMissing } from "../../lib/without-missing";
import { CarrierLogos, ClientReviews } from "../agency/index";
import { ProductCard } from "./product-card";
import { ProductFilter, type ProductFilterValue } from "./product-filter";
import { ProductsCallToAction } from "./products-call-to-action";
import { PropertyInsuranceSection } from "./property-insurance-section";

const HERO_STATS = withoutMissing([
  { value: `${PRODUCT_LINES.length}+`, label: "Product lines" },
  AGENCY.figures.businessRating && {
    value: AGENCY.figures.businessRating.value,
    label: "Rated agency",
  },
  { value: "Trusted", label: "Expertise" },
]);

export function ProductsPage() {
  const [filter, setFilter] = useState<ProductFilterValue>("all");
  const products = productLinesIn(filter);
  useRevealHashTarget(setFilter);

  return (
    <div id="our-products">
      <PageHeading
        eyebrow="Coverage options"
        title="Our Products"
        actions={
          <>
            <ButtonLink to="/get-quote-today" variant="accent">
              Start Free Quote
            </ButtonLink>
            <a
              href={AGENCY.phoneHref}
              className="inline-flex items-center justify-center gap-2 rounded-md bg-white/10 px-5 py-3 text-base font-semibold text-white ring-1 ring-white/60 ring-inset hover:bg-white/20"
            >
              <PhoneIcon className="size-5" />
              <span className="sr-only">Call </span>
              {AGENCY.phone}
            </a>
          </>
        }
      >
        <p>
          As an independent agency we are not tied to one insurance company. We compare policies
          from several carriers for {AGENCY.stateName} drivers, homeowners, renters and businesses,
          and explain the differences in plain language.
        </p>
        <dl className="grid max-w-xl grid-cols-3 gap-3 pt-4 sm:gap-4">
          {HERO_STATS.map((stat) => (
            <div
              key={stat.label}
              className="flex flex-col rounded-xl bg-white/10 px-3 py-4 text-center ring-1 ring-white/20"
            >
              <dt className="order-2 text-sm text-slate-200">{stat.label}</dt>
              <dd className="order-1 text-xl font-bold text-amber-300 sm:text-3xl">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </PageHeading>

      <section aria-labelledby="product-lines-heading" className="bg-slate-50 py-12 sm:py-16">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <div className="mx-auto max-w-3xl text-center">
            <h2
              id="product-lines-heading"
              className="text-2xl font-bold tracking-tight text-navy-900 sm:text-3xl"
            >
              Insurance for home, road and business
            </h2>
            <p className="mt-3 text-lg text-slate-700">
              Personal lines protect you, your family and what you own. Business lines protect the
              company you have built, your employees and your customers.
            </p>
          </div>
          <div className="mt-8">
            <ProductFilter value={filter} onChange={setFilter} />
            <p aria-live="polite" className="mt-4 text-center text-sm text-slate-600">
              Showing {products.length} of {PRODUCT_LINES.length} products
            </p>
          </div>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {products.map((product, index) => (
              <li key={product.anchor}>
                <ProductCard product={product} staggerIndex={index % 4} />
              </li>
            ))}
          </ul>
        </div>
      </section>

      <PropertyInsuranceSection />
      {(AGENCY.carriers.length > 0 || AGENCY.reviews.length > 0) && (
        <section aria-labelledby="products-carriers-heading" className="py-12 sm:py-16">
          <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
            <h2 id="products-carriers-heading" className="sr-only">
              Our carriers and clients
            </h2>
            <CarrierLogos headingId="products-carrier-logos-heading" />
            <ClientReviews headingId="products-reviews-heading" className="mt-12" />
          </div>
        </section>
      )}
      <ProductsCallToAction />
    </div>
  );
}

/**
 * `/our-products#auto-insurance` and the menus' other product links must land on their
 * card even while a filter hides it: switch back to all products. The site-wide anchor
 * scrolling (features/site/use-anchor-scrolling.ts) waits for the card to appear and
 * scrolls to it. Runs on every navigation: the location's key changes even when the same
 * link is followed twice.
 */
function useRevealHashTarget(setFilter: Dispatch<SetStateAction<ProductFilterValue>>) {
  const location = useLocation();
  useEffect(() => {
    // Product anchors are plain ASCII, so the raw hash compares without decoding.
    const target = PRODUCT_LINES.find((product) => `#${product.anchor}` === location.hash);
    if (!target) return;
    // Only the hidden case changes anything, so a filter that shows the card stays chosen.
    setFilter((current) => (current === "all" || current === target.category ? current : "all"));
  }, [location, setFilter]);
}
