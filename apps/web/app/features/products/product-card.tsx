import { PRODUCT_CATEGORIES, type ProductLine } from "@agency/domain";
import { Link } from "react-router";
import {
  ArrowRightIcon,
  CheckIcon,
  HardHatIcon,
  type IconComponent,
  ProductBuildingIcon,
  ProductCarIcon,
  ProductHouseIcon,
  ProductKeyIcon,
  ProductLockIcon,
  ProductMotorcycleIcon,
  UmbrellaIcon,
} from "../../components/icons/index";
import { Reveal } from "../../components/reveal";
import { cn } from "../../lib/cn";
import { requestScrollOnArrival, SCROLL_TO_CONTACT_FORM_KEY } from "../../lib/session-flags";

type Anchor = ProductLine["anchor"];

const PRODUCT_ICONS: Record<Anchor, IconComponent> = {
  "auto-insurance": ProductCarIcon,
  "home-insurance": ProductHouseIcon,
  "commercial-insurance": ProductBuildingIcon,
  "motorcycle-atv-insurance": ProductMotorcycleIcon,
  "workers-compensation": HardHatIcon,
  "cyber-liability": ProductLockIcon,
  "renters-insurance": ProductKeyIcon,
  "commercial-general-liability": UmbrellaIcon,
};

const CATEGORY_LABELS = Object.fromEntries(
  PRODUCT_CATEGORIES.map((category) => [category.value, category.label]),
) as Record<ProductLine["category"], string>;

/**
 * Auto has an online quote form; every other line is quoted by an agent, so Learn More
 * opens the contact page and asks it to scroll to its form.
 * (The spec's Learn More button did nothing; see the decision record.)
 */
function learnMoreTarget(product: ProductLine): { to: string; asksForContactForm: boolean } {
  return product.anchor === "auto-insurance"
    ? { to: "/get-quote-today", asksForContactForm: false }
    : { to: "/contact-us", asksForContactForm: true };
}

interface ProductCardProps {
  product: ProductLine;
  staggerIndex: number;
}

/**
 * One product line. The anchor id sits on the outer element, which never moves: the
 * reveal animation lifts only the inner card, so `/our-products#…` lands exactly 80 px
 * below the top of the viewport even before the card has faded in.
 */
export function ProductCard({ product, staggerIndex }: ProductCardProps) {
  const Icon = PRODUCT_ICONS[product.anchor];
  const headingId = `${product.anchor}-title`;
  const { to, asksForContactForm } = learnMoreTarget(product);
  const isPersonal = product.category === "personal";

  return (
    <article id={product.anchor} aria-labelledby={headingId} className="h-full">
      <Reveal
        staggerIndex={staggerIndex}
        staggerStepMs={100}
        className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-lg"
      >
        <div className="flex items-start justify-between gap-3">
          <span
            className={cn(
              "flex size-12 shrink-0 items-center justify-center rounded-xl",
              isPersonal ? "bg-brand-50 text-brand-700" : "bg-amber-50 text-amber-800",
            )}
          >
            <Icon className="size-6" />
          </span>
          <span
            className={cn(
              "rounded-full px-3 py-1 text-xs font-semibold tracking-wide uppercase",
              isPersonal ? "bg-brand-50 text-brand-800" : "bg-amber-50 text-amber-900",
            )}
          >
            {CATEGORY_LABELS[product.category]}
          </span>
        </div>
        <h3 id={headingId} className="mt-5 text-xl font-bold text-navy-900">
          {product.title}
        </h3>
        <p className="mt-2 leading-relaxed text-slate-700">{product.description}</p>
        <ul className="mt-4 mb-6 space-y-2 text-sm text-slate-700">
          {product.features.map((feature) => (
            <li key={feature} className="flex gap-2">
              <CheckIcon className="mt-0.5 size-4 shrink-0 text-emerald-700" />
              {feature}
            </li>
          ))}
        </ul>
        <Link
          to={to}
          onClick={
            asksForContactForm
              ? () => requestScrollOnArrival(SCROLL_TO_CONTACT_FORM_KEY)
              : undefined
          }
          className="mt-auto inline-flex min-h-11 items-center justify-center gap-2 rounded-md bg-white px-4 py-2.5 font-semibold text-brand-700 ring-1 ring-brand-700 ring-inset transition-colors hover:bg-brand-700 hover:text-white"
        >
          Learn More<span className="sr-only"> about {product.title}</span>
          <ArrowRightIcon className="size-4" />
        </Link>
      </Reveal>
    </article>
  );
}
