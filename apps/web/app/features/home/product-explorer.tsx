import { AGENCY, HOME_PRODUCTS, type HomeProduct } from "@agency/domain";
import { type KeyboardEvent, useState } from "react";
import { ButtonLink } from "../../components/button-link";
import {
  ArrowRightIcon,
  HomeTagIcon,
  iconBefore,
  PhoneIcon,
  StarIcon,
} from "../../components/icons/index";
import { Reveal } from "../../components/reveal";
import { cn } from "../../lib/cn";
import { requestScrollOnArrival, SCROLL_TO_CONTACT_FORM_KEY } from "../../lib/session-flags";
import { ActionRow } from "./action-row";
import { PRODUCT_GRADIENTS, PRODUCT_ICONS } from "./product-visuals";
import { SectionHeader } from "./section-header";

const tabId = (product: HomeProduct) => `coverage-tab-${product.id}`;
const panelId = (product: HomeProduct) => `coverage-panel-${product.id}`;

/** Where each navigation key moves the selection (the tabs wrap around at both ends). */
function targetIndex(key: string, current: number, count: number): number | undefined {
  switch (key) {
    case "ArrowDown":
    case "ArrowRight":
      return (current + 1) % count;
    case "ArrowUp":
    case "ArrowLeft":
      return (current - 1 + count) % count;
    case "Home":
      return 0;
    case "End":
      return count - 1;
    default:
      return undefined;
  }
}

/**
 * "Coverage Options": the WAI-ARIA tabs pattern with automatic activation. Arrow keys,
 * Home and End move focus and select; only the selected tab is in the tab order. Every
 * panel is there for its tab to point at, but only the selected one has content: the
 * other products' details are on /our-products, and the home page keeps under 800 DOM
 * elements (issue 16).
 */
export function ProductExplorer() {
  const [selectedIndex, setSelectedIndex] = useState(0);

  function handleKeyDown(event: KeyboardEvent<HTMLElement>, index: number) {
    const next = targetIndex(event.key, index, HOME_PRODUCTS.length);
    if (next === undefined) return;
    const nextProduct = HOME_PRODUCTS[next];
    if (!nextProduct) return;
    event.preventDefault();
    setSelectedIndex(next);
    document.getElementById(tabId(nextProduct))?.focus();
  }

  return (
    <section aria-labelledby="coverage-options-heading" className="bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-24 lg:px-8">
        <SectionHeader
          id="coverage-options-heading"
          eyebrow="Our coverage"
          title="Coverage Options"
        >
          Pick a line of coverage to see what it includes. We quote each one with several carriers
          and explain the differences in plain English.
        </SectionHeader>

        <div className="mt-12 grid gap-6 lg:grid-cols-12 lg:gap-8">
          <div
            role="tablist"
            aria-label="Insurance products"
            aria-orientation="vertical"
            className="flex flex-col gap-2 lg:col-span-4"
          >
            {HOME_PRODUCTS.map((product, index) => {
              const Icon = PRODUCT_ICONS[product.icon];
              const isSelected = index === selectedIndex;
              return (
                <Reveal
                  as="button"
                  type="button"
                  role="tab"
                  key={product.id}
                  id={tabId(product)}
                  aria-selected={isSelected}
                  aria-controls={panelId(product)}
                  tabIndex={isSelected ? 0 : -1}
                  onClick={() => setSelectedIndex(index)}
                  onKeyDown={(event: KeyboardEvent<HTMLElement>) => handleKeyDown(event, index)}
                  staggerIndex={index}
                  staggerStepMs={100}
                  className={cn(
                    "flex w-full items-center gap-4 rounded-xl border p-3 text-left sm:p-4",
                    isSelected
                      ? "border-brand-600 bg-white shadow-md ring-1 ring-brand-600"
                      : "border-slate-200 bg-white/60 hover:border-slate-300 hover:bg-white",
                  )}
                >
                  <span
                    className={cn(
                      "flex size-11 shrink-0 items-center justify-center rounded-lg bg-linear-to-br text-white",
                      PRODUCT_GRADIENTS[product.id],
                    )}
                  >
                    <Icon className="size-6" />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block font-semibold text-navy-900">{product.title}</span>
                    <span className="block text-sm text-slate-600">{product.savingsLabel}</span>
                  </span>
                  <ArrowRightIcon
                    className={cn(
                      "size-5 shrink-0",
                      isSelected ? "text-brand-700" : "text-slate-400",
                    )}
                  />
                </Reveal>
              );
            })}
          </div>

          {HOME_PRODUCTS.map((product, index) => (
            <ProductPanel key={product.id} product={product} isHidden={index !== selectedIndex} />
          ))}
        </div>

        <Reveal className="mt-10 flex flex-col items-start gap-5 rounded-2xl bg-navy-900 p-6 text-white sm:flex-row sm:items-center sm:justify-between sm:p-8">
          <div>
            <h3 className="text-xl font-bold">Need Expert Guidance?</h3>
            <p className="mt-1 max-w-2xl text-slate-200">
              Not sure which limits you need, or whether to bundle? A licensed agent will walk you
              through it in a few minutes, free of charge.
            </p>
          </div>
          <a
            href={AGENCY.phoneHref}
            className="inline-flex shrink-0 items-center gap-2 rounded-md bg-amber-300 px-5 py-3 font-semibold text-navy-950 shadow-sm hover:bg-amber-200"
          >
            <PhoneIcon className="size-4" />
            Call Now
            <span className="sr-only">: {AGENCY.phone}</span>
          </a>
        </Reveal>
      </div>
    </section>
  );
}

function ProductPanel({ product, isHidden }: { product: HomeProduct; isHidden: boolean }) {
  const Icon = PRODUCT_ICONS[product.icon];
  if (isHidden) {
    return (
      <div
        role="tabpanel"
        id={panelId(product)}
        aria-labelledby={tabId(product)}
        hidden
        className="lg:col-span-8"
      />
    );
  }
  return (
    <div
      role="tabpanel"
      id={panelId(product)}
      aria-labelledby={tabId(product)}
      className="overflow-hidden rounded-2xl bg-white shadow-lg ring-1 ring-slate-200 lg:col-span-8"
    >
      <div
        className={cn(
          "flex flex-col items-start gap-4 bg-linear-to-br p-6 text-white sm:flex-row sm:items-center sm:p-8",
          PRODUCT_GRADIENTS[product.id],
        )}
      >
        <span className="flex size-14 shrink-0 items-center justify-center rounded-xl bg-white/15 ring-1 ring-white/30">
          <Icon className="size-8" />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-2xl font-bold">{product.title}</h3>
            {product.popular ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-amber-300 px-2.5 py-0.5 text-xs font-bold tracking-wide text-navy-950 uppercase">
                <StarIcon className="size-3.5" />
                Popular
              </span>
            ) : null}
          </div>
          <p className="mt-1 text-white">{product.description}</p>
        </div>
      </div>
      <div className="p-6 sm:p-8">
        <p className="leading-relaxed text-slate-700">{product.details}</p>
        <h4 className="mt-6 text-sm font-semibold tracking-wide text-slate-600 uppercase">
          What's included
        </h4>
        <ul className="mt-3 grid gap-3 sm:grid-cols-2">
          {product.features.map((feature) => (
            <li
              key={feature}
              className={`flex items-center gap-2 font-medium text-navy-900 ${iconBefore("home-check-circle")} before:size-5 before:bg-emerald-700`}
            >
              {feature}
            </li>
          ))}
        </ul>
        <p className="mt-6 inline-flex items-center gap-2 rounded-full bg-emerald-50 px-3 py-1 text-sm font-semibold text-emerald-800">
          <HomeTagIcon className="size-4" />
          {product.savingsLabel}
        </p>
        <ActionRow className="mt-6 border-t border-slate-200 pt-6">
          <ButtonLink to="/get-quote-today">
            Get Quote
            <span className="sr-only"> for {product.title}</span>
            <ArrowRightIcon className="size-4" />
          </ButtonLink>
          <ButtonLink
            to="/contact-us"
            variant="secondary"
            onClick={() => requestScrollOnArrival(SCROLL_TO_CONTACT_FORM_KEY)}
          >
            Learn More
            <span className="sr-only"> about {product.title}</span>
          </ButtonLink>
        </ActionRow>
      </div>
    </div>
  );
}
