import {
  API_ENDPOINTS,
  DRIVER_RELATIONSHIPS,
  formatMoney,
  formatQuoteAmount,
  INCIDENT_COUNTS,
  liabilityLabel,
  MASKED_DATE,
  MILEAGE_BANDS,
  OWNERSHIP_TYPES,
  PRIMARY_USES,
  QUOTE_STATUSES,
  type QuoteRecord,
  type QuoteReveal,
} from "@agency/domain";
import { type ReactNode, useId, useState } from "react";
import { ChevronDownIcon, DashboardEyeIcon } from "../../../components/icons/index";
import { PhoneLink } from "../../../components/phone-link";
import { errorText } from "../../../lib/api";
import { useAuth } from "../../../lib/auth";
import { cn } from "../../../lib/cn";
import { useDashboard } from "../../../lib/dashboard-context";
import { formatDateTime, silentFailureText } from "../../../lib/format";
import { detailsOf, EditContactDetails, SourceNote } from "../../lead-entry";
import { EmailButton } from "../email-button";
import { ArchiveButton, secondaryButtonClass } from "../list-controls";
import { NextTaskNote } from "../next-task-note";
import { OpenLeadLink } from "../open-lead-link";
import { type StatusChanged, StatusControl, StatusPill } from "../status-control";
import { type LeadWork, WorkPanel } from "../work-panel";

/** The full dates of birth and license numbers, as the contract's reveal answers them. */
type Revealed = QuoteReveal["data"];

const labelOf = (options: readonly { value: string; label: string }[], value: string) =>
  options.find((option) => option.value === value)?.label ?? value;
const yesNo = (value: boolean) => (value ? "Yes" : "No");

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="min-w-0">
      <h4 className="mb-2 text-sm font-bold tracking-wide text-navy-800 uppercase">{title}</h4>
      {children}
    </section>
  );
}

function Facts({ rows }: { rows: [label: string, value: ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-600">{label}</dt>
          <dd className="min-w-0 font-medium break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A masked value reads as "hidden" to screen readers instead of a row of bullets. */
function Sensitive({ value }: { value: string }) {
  if (!value.includes("•")) return <>{value}</>;
  const visible = value.replaceAll("•", "");
  return (
    <>
      <span aria-hidden="true">{value}</span>
      <span className="sr-only">{visible ? `hidden, ending in ${visible}` : "hidden"}</span>
    </>
  );
}

export function customerName(quote: QuoteRecord): string {
  return `${quote.personalInfo.firstName} ${quote.personalInfo.lastName}`.trim();
}

interface QuoteItemProps {
  quote: QuoteRecord;
  isOpen: boolean;
  onToggle: () => void;
  isBusy: boolean;
  /** The Archived filter is on: the button restores. */
  isArchived: boolean;
  onArchive: () => void;
  onRestore: () => void;
  onStatusChanged: (change: StatusChanged) => void;
  /** The quote as it stands after its contact details were edited. */
  onDetailsChanged: (quote: QuoteRecord) => void;
  onWorkChanged: (change: LeadWork) => void;
}

/** One accordion entry: the spec's header, and the body with everything the quote holds. */
export function QuoteItem({
  quote,
  isOpen,
  onToggle,
  isBusy,
  isArchived,
  onArchive,
  onRestore,
  onStatusChanged,
  onDetailsChanged,
  onWorkChanged,
}: QuoteItemProps) {
  const reveal = useQuoteReveal(quote);
  const buttonId = useId();
  const panelId = useId();
  const name = customerName(quote);
  const v = quote.vehicleInfo;
  const vehicle = `${v.year} ${v.make} ${v.model}`;

  return (
    <li
      data-quote-item=""
      aria-busy={isBusy}
      className={cn(
        "overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200",
        isBusy && "opacity-60",
      )}
    >
      <div className="flex flex-wrap items-center">
        <h3 className="min-w-0 flex-1 basis-64">
          <button
            id={buttonId}
            type="button"
            aria-expanded={isOpen}
            aria-controls={panelId}
            onClick={onToggle}
            className="flex w-full cursor-pointer flex-wrap items-center gap-x-4 gap-y-1 p-4 text-left hover:bg-slate-50"
          >
            <span className="min-w-0 flex-1 basis-48">
              <span className="block font-bold text-navy-900">{name}</span>
              <span className="block text-sm text-slate-700">{vehicle}</span>
              <span className="block text-xs text-slate-600">
                Received <time dateTime={quote.createdAt}>{formatDateTime(quote.createdAt)}</time>
              </span>
            </span>
            <StatusPill status={quote.status} />
            <NextTaskNote lead={quote} />
            <span className="font-semibold text-navy-900 tabular-nums">
              {formatQuoteAmount(quote.quoteAmount)}
              {typeof quote.quoteAmount === "number" ? (
                <span className="text-sm font-normal text-slate-700">/mo</span>
              ) : null}
            </span>
            <ChevronDownIcon
              className={cn(
                "size-5 shrink-0 text-slate-600 transition-transform motion-reduce:transition-none",
                isOpen && "rotate-180",
              )}
            />
          </button>
        </h3>
        <OpenLeadLink
          view="quotes"
          id={quote._id}
          owner={`${name}'s quote`}
          className="mx-4 mb-3 sm:mb-0 sm:ml-0"
        />
      </div>
      <section
        id={panelId}
        aria-labelledby={buttonId}
        hidden={!isOpen}
        className="border-t border-slate-200 p-4"
      >
        <QuoteFacts quote={quote} revealed={reveal.revealed} />

        <div className="mt-6 flex flex-wrap items-end justify-between gap-4 border-t border-slate-200 pt-4">
          <div className="space-y-3">
            <p className="text-sm text-slate-700">
              Submitted{" "}
              <time dateTime={quote.createdAt} className="font-semibold text-slate-900">
                {formatDateTime(quote.createdAt)}
              </time>{" "}
              <SourceNote source={quote.source} firstTouch={quote.firstTouch} />
            </p>
            <StatusControl
              statuses={QUOTE_STATUSES}
              status={quote.status}
              statusChangedAt={quote.statusChangedAt}
              view="quotes"
              id={quote._id}
              owner={`${name}'s quote`}
              lostReason={quote.lostReason}
              lostDetail={quote.lostDetail}
              onChanged={onStatusChanged}
            />
          </div>
          <div className="flex flex-wrap gap-2">
            <RevealButton reveal={reveal} />
            <EditContactDetails
              kind="quote"
              id={quote._id}
              current={detailsOf(quote)}
              owner={name}
              onSaved={onDetailsChanged}
            />
            <ArchiveButton
              isBusy={isBusy}
              isArchived={isArchived}
              onArchive={onArchive}
              onRestore={onRestore}
              label="Archive Quote"
            />
          </div>
        </div>
        {reveal.revealed ? <p className="mt-3 text-sm text-slate-700">{REVEALED_NOTE}</p> : null}
        {/* Mounted only while open: each panel loads its lead's notes. */}
        {isOpen ? (
          <div className="mt-4">
            <WorkPanel
              kind="quotes"
              lead={quote}
              owner={`${name}'s quote`}
              onChanged={onWorkChanged}
            />
          </div>
        ) : null}
      </section>
    </li>
  );
}

/** Everything a quote holds, in four groups (masked values until revealed). */
export function QuoteFacts({ quote, revealed }: { quote: QuoteRecord; revealed: Revealed | null }) {
  const name = customerName(quote);
  const { personalInfo: p, vehicleInfo: v, coverage: c } = quote;
  const vehicle = `${v.year} ${v.make} ${v.model}`;
  const dob = revealed?.personalInfo.dob ?? p.dob;
  return (
    <div className="grid gap-6 md:grid-cols-2 2xl:grid-cols-4">
      <Section title="Personal Information">
        <Facts
          rows={[
            ["Name", name],
            ["Email", <EmailButton key="email" email={p.email} />],
            ["Phone", <PhoneLink key="phone" phone={p.phone} />],
            ["Address", `${p.address}, ${p.city}, ${p.state} ${p.zip}`],
            ["Date of birth", <Sensitive key="dob" value={dob} />],
          ]}
        />
      </Section>
      <Section title="Vehicle Details">
        <Facts
          rows={[
            ["Vehicle", vehicle],
            ["VIN", v.vin || "Not provided"],
            ["Mileage", `${labelOf(MILEAGE_BANDS, v.mileage)} miles/year`],
            ["Primary use", labelOf(PRIMARY_USES, v.primaryUse)],
            ["Ownership", labelOf(OWNERSHIP_TYPES, v.ownership)],
            ["Safety", v.safetyFeatures.length > 0 ? v.safetyFeatures.join(", ") : "None listed"],
          ]}
        />
      </Section>
      <Section title={`Drivers (${quote.drivers.length})`}>
        <ol className="space-y-3">
          {quote.drivers.map((driver, index) => {
            const shown = revealed?.drivers[index];
            return (
              // Drivers have no id of their own; their order is fixed (the first is primary).
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={index}>
                <p className="text-sm font-semibold text-slate-900">
                  {driver.firstName} {driver.lastName}{" "}
                  <span className="font-normal text-slate-700">
                    ({labelOf(DRIVER_RELATIONSHIPS, driver.relationship)})
                  </span>
                </p>
                <Facts
                  rows={[
                    ["Born", <Sensitive key="dob" value={shown?.dob ?? driver.dob} />],
                    [
                      "License",
                      <span key="license">
                        <Sensitive value={shown?.licenseNumber ?? driver.licenseNumber} /> (
                        {driver.licenseState})
                      </span>,
                    ],
                    ["Accidents", labelOf(INCIDENT_COUNTS, String(driver.accidents))],
                    ["Violations", labelOf(INCIDENT_COUNTS, String(driver.violations))],
                  ]}
                />
              </li>
            );
          })}
        </ol>
      </Section>
      <Section title="Coverage">
        <Facts
          rows={[
            ["Liability", liabilityLabel(c.liability)],
            ["Collision", yesNo(c.collision)],
            ["Comprehensive", yesNo(c.comprehensive)],
            ["Deductible", formatMoney(Number(c.deductible))],
            ["Uninsured motorist", yesNo(c.uninsuredMotorist)],
            ["Medical payments", yesNo(c.medicalPayments)],
            ["Rental reimbursement", yesNo(c.rentalReimbursement)],
            ["Roadside assistance", yesNo(c.roadsideAssistance)],
          ]}
        />
      </Section>
    </div>
  );
}

/**
 * The audited look at a quote's masked fields (dates of birth, license numbers): Reveal
 * asks the server, Hide forgets them.
 */
export function useQuoteReveal(quote: QuoteRecord) {
  const { call } = useAuth();
  const { showToast } = useDashboard();
  const [revealed, setRevealed] = useState<Revealed | null>(null);
  const [isRevealing, setIsRevealing] = useState(false);
  const p = quote.personalInfo;

  async function reveal() {
    setIsRevealing(true);
    const result = await call(API_ENDPOINTS.quotes.reveal, { params: { id: quote._id } });
    setIsRevealing(false);
    if (result.ok) setRevealed(result.data.data);
    else
      showToast(
        `Could not reveal the details: ${errorText(result, silentFailureText(result))}`,
        "error",
      );
  }

  const isMasked = revealed === null && (p.dob === MASKED_DATE || p.dob.includes("•"));
  return { revealed, isRevealing, isMasked, reveal, hide: () => setRevealed(null) };
}

/** Reveal (or Hide) for a quote's masked fields, and the note that a look was recorded. */
export function RevealButton({ reveal }: { reveal: ReturnType<typeof useQuoteReveal> }) {
  if (reveal.isMasked) {
    return (
      <button
        type="button"
        className={secondaryButtonClass}
        onClick={() => void reveal.reveal()}
        disabled={reveal.isRevealing}
        aria-busy={reveal.isRevealing}
      >
        <DashboardEyeIcon className="size-4" />
        {reveal.isRevealing ? "Revealing…" : "Reveal"}
        <span className="sr-only"> date of birth and license numbers</span>
      </button>
    );
  }
  if (!reveal.revealed) return null;
  return (
    <button type="button" className={secondaryButtonClass} onClick={reveal.hide}>
      <DashboardEyeIcon className="size-4" />
      Hide<span className="sr-only"> date of birth and license numbers</span>
    </button>
  );
}

export const REVEALED_NOTE =
  "Dates of birth and license numbers are shown; this look was recorded in the audit log.";
