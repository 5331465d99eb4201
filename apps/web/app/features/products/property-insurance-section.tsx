import { AGENCY } from "@agency/domain";
import { Link } from "react-router";
import {
  ProductBuildingIcon,
  ProductHouseIcon,
  ProductKeyIcon,
  UmbrellaIcon,
} from "../../components/icons/index";
import { Reveal } from "../../components/reveal";

const PROPERTY_TYPES = [
  {
    title: "Homes and condos",
    icon: ProductHouseIcon,
    text: `Dwelling coverage at today's rebuilding cost, your belongings at replacement cost, and the sewer backup and ice dam endorsements that matter after a winter in ${AGENCY.stateName}.`,
    link: { to: "#home-insurance", label: "See Home Insurance" },
  },
  {
    title: "Lake cabins and seasonal homes",
    icon: UmbrellaIcon,
    text: "A cabin empty from October to May needs a policy that expects it: vacancy and freeze conditions, detached docks and boathouses, and liability when friends come up for the weekend.",
    link: undefined,
  },
  {
    title: "Rental properties",
    icon: ProductKeyIcon,
    text: "Landlord policies for the duplex or condo you rent out, with lost rent after a covered loss and liability for the property. Your tenants' belongings need their own renters policy.",
    link: { to: "#renters-insurance", label: "See Renters Insurance" },
  },
  {
    title: "Commercial buildings and equipment",
    icon: ProductBuildingIcon,
    text: "The building you own or lease, your inventory, tools and equipment, and the income you lose while a fire or storm keeps your doors closed.",
    link: { to: "#commercial-insurance", label: "See Commercial Insurance" },
  },
] as const;

/** What `/our-products#property-insurance` (in the Commercial Insurance submenu) opens. */
export function PropertyInsuranceSection() {
  return (
    <section
      id="property-insurance"
      aria-labelledby="property-insurance-heading"
      className="py-12 sm:py-16"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="max-w-3xl">
          <p className="text-sm font-semibold tracking-widest text-brand-700 uppercase">
            Personal and commercial
          </p>
          <h2
            id="property-insurance-heading"
            className="mt-2 text-2xl font-bold tracking-tight text-navy-900 sm:text-3xl"
          >
            Property Insurance
          </h2>
          <p className="mt-3 text-lg text-slate-700">
            Hail, straight-line winds, frozen pipes and fire cause most of the property claims we
            see in {AGENCY.stateName}. Whatever you own, we compare carriers to insure it for what
            it would really cost to repair or replace.
          </p>
        </div>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2">
          {PROPERTY_TYPES.map((type, index) => (
            <li key={type.title}>
              <Reveal
                staggerIndex={index}
                staggerStepMs={150}
                className="flex h-full gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
              >
                <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                  <type.icon className="size-6" />
                </span>
                <div>
                  <h3 className="text-lg font-bold text-navy-900">{type.title}</h3>
                  <p className="mt-2 leading-relaxed text-slate-700">{type.text}</p>
                  {type.link ? (
                    <Link
                      to={type.link.to}
                      className="mt-3 inline-block py-1 font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800"
                    >
                      {type.link.label}
                    </Link>
                  ) : null}
                </div>
              </Reveal>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
