import { ButtonLink } from "../components/button-link";
import { PageHeading } from "../components/page-heading";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/our-products";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Our Products",
    description:
      "Auto, home, property, commercial and general liability insurance from several carriers, arranged by an independent Minnesota agency.",
  });

const productLines = [
  {
    id: "auto-insurance",
    title: "Auto Insurance",
    text: "Liability, collision and comprehensive cover for the cars, trucks and SUVs you drive every day, with roadside assistance and rental reimbursement available.",
  },
  {
    id: "home-insurance",
    title: "Home Insurance",
    text: "Protection for your house, your belongings and your liability at home. Bundle it with your auto policy to save.",
  },
  {
    id: "property-insurance",
    title: "Property Insurance",
    text: "Cover for rental properties, condos and the buildings and equipment a business depends on.",
  },
  {
    id: "commercial-insurance",
    title: "Commercial Insurance",
    text: "Insurance for Minnesota businesses, from commercial auto and workers compensation to cyber liability.",
  },
  {
    id: "commercial-general-liability",
    title: "Commercial General Liability",
    text: "Protects your business against claims of injury or property damage caused by your operations, products or premises.",
  },
];

export default function OurProducts() {
  return (
    <div id="our-products">
      <PageHeading
        eyebrow="Coverage options"
        title="Our Products"
        actions={<ButtonLink to="/get-quote-today">Start Free Quote</ButtonLink>}
      >
        <p>
          As an independent agency we work with several carriers, so we can compare policies for you
          instead of offering a single company's products.
        </p>
      </PageHeading>
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-12 sm:px-6 md:grid-cols-2 lg:px-8 lg:py-16">
        {productLines.map((product) => (
          <section
            key={product.id}
            id={product.id}
            aria-labelledby={`${product.id}-heading`}
            className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <h2 id={`${product.id}-heading`} className="text-xl font-bold text-navy-900">
              {product.title}
            </h2>
            <p className="mt-3 leading-relaxed text-slate-700">{product.text}</p>
          </section>
        ))}
      </div>
    </div>
  );
}
