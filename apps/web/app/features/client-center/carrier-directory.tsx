import { AGENCY } from "@agency/domain";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Icon } from "../../components/icons/icon";
import { PhoneIcon } from "../../components/icons/index";
import { ProfileImage } from "../../components/profile-image";
import { filterCarriers } from "./carrier-filter";

type Carrier = (typeof AGENCY.carriers)[number];

/** What the directory is for: each shows the carrier's lines and links for that job. */
export type CarrierDirectoryPurpose = "claim" | "payment";

const linkClass =
  "inline-flex min-h-11 items-center gap-2 rounded-md font-semibold text-brand-700 underline-offset-4 hover:text-brand-800 hover:underline";

/**
 * The agency profile's carriers with their claims or payment lines and sites, and a filter
 * by name. Without scripts the filter does nothing and every carrier is listed; text typed
 * into it before the scripts ran is applied when they start. Outbound links open the
 * carrier's own site in a new tab and say so.
 */
export function CarrierDirectory({
  purpose,
  carriers = AGENCY.carriers,
}: {
  purpose: CarrierDirectoryPurpose;
  /** The profile's carriers unless told (tests). */
  carriers?: readonly Carrier[];
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState("");

  // Typed before hydration: the uncontrolled field already holds it.
  useEffect(() => {
    if (inputRef.current?.value) setQuery(inputRef.current.value);
  }, []);

  if (carriers.length === 0) {
    return (
      <p className="rounded-xl border border-slate-200 bg-white p-5 text-slate-700">
        Call us at{" "}
        <a href={AGENCY.phoneHref} className={linkClass}>
          {AGENCY.phone}
        </a>{" "}
        and we will give you your insurance company's{" "}
        {purpose === "claim" ? "claims line" : "billing line"}.
      </p>
    );
  }

  const shown = filterCarriers(carriers, query);
  const inputId = `${id}-filter`;
  const listId = `${id}-list`;
  const isFiltered = query.trim() !== "";

  return (
    <div>
      <label htmlFor={inputId} className="block font-semibold text-navy-900">
        Find your insurance company
      </label>
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
        Type part of the name on your policy or ID card.
      </p>
      <input
        ref={inputRef}
        id={inputId}
        type="search"
        autoComplete="off"
        spellCheck={false}
        aria-controls={listId}
        aria-describedby={`${id}-hint`}
        defaultValue=""
        onChange={(event) => setQuery(event.target.value)}
        className="mt-2 block min-h-11 w-full max-w-md rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-navy-900 placeholder:text-slate-500"
      />
      <p role="status" className="mt-3 text-sm text-slate-600">
        {isFiltered
          ? `${shown.length} of ${carriers.length} ${carriers.length === 1 ? "carrier" : "carriers"} shown`
          : ""}
      </p>
      {shown.length === 0 ? (
        <p className="mt-2 rounded-xl border border-slate-200 bg-white p-5 text-slate-700">
          No carrier we work with matches “{query.trim()}”. Check the name on your policy, or call
          us at{" "}
          <a href={AGENCY.phoneHref} className={linkClass}>
            {AGENCY.phone}
          </a>
          .
        </p>
      ) : null}
      <ul
        id={listId}
        aria-label={purpose === "claim" ? "Claims lines" : "Payment sites"}
        className="mt-2 space-y-3"
      >
        {shown.map((carrier) => (
          <li
            key={carrier.name}
            className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between sm:gap-6 sm:p-5"
          >
            <div className="flex min-w-0 items-center gap-4">
              {carrier.logo ? (
                <span className="flex h-10 w-24 shrink-0 items-center justify-center">
                  <ProfileImage
                    file={carrier.logo}
                    use="carrier"
                    alt=""
                    className="max-h-10 w-auto max-w-24"
                  />
                </span>
              ) : null}
              <h4 className="font-bold text-navy-900">{carrier.name}</h4>
            </div>
            <div className="flex flex-wrap items-center gap-x-6 gap-y-1">
              {purpose === "claim" ? (
                <ClaimLinks carrier={carrier} />
              ) : (
                <PaymentLinks carrier={carrier} />
              )}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ClaimLinks({ carrier }: { carrier: Carrier }) {
  return (
    <>
      <PhoneLine
        href={carrier.claimsPhone.href}
        display={carrier.claimsPhone.display}
        spoken={`Call ${carrier.name} claims at`}
      />
      <OutboundLink href={carrier.claimsUrl} context={`with ${carrier.name}`}>
        File a claim online
      </OutboundLink>
    </>
  );
}

function PaymentLinks({ carrier }: { carrier: Carrier }) {
  return (
    <>
      {carrier.customerServicePhone ? (
        <PhoneLine
          href={carrier.customerServicePhone.href}
          display={carrier.customerServicePhone.display}
          spoken={`Call ${carrier.name} customer service at`}
        />
      ) : null}
      <OutboundLink href={carrier.paymentUrl} context={`to ${carrier.name}`}>
        Pay online
      </OutboundLink>
    </>
  );
}

/** A tel: link whose accessible name says whom and what for; the eye sees the number. */
function PhoneLine({ href, display, spoken }: { href: string; display: string; spoken: string }) {
  return (
    <a href={href} className={linkClass}>
      <PhoneIcon className="size-4 shrink-0" />
      <span className="sr-only">{spoken} </span>
      {display}
    </a>
  );
}

/** A link to the carrier's own site: a new tab, without access back to this page. */
function OutboundLink({
  href,
  context,
  children,
}: {
  href: string;
  context: string;
  children: ReactNode;
}) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={linkClass}>
      {children}
      <span className="sr-only"> {context} (opens in a new tab)</span>
      <Icon name="external" className="size-4 shrink-0" />
    </a>
  );
}
