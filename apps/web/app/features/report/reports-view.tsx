import {
  API_ENDPOINTS,
  type Figures,
  formatBusinessDuration,
  formatPremium,
  formatRate,
  isCalendarDate,
  REPORT_MESSAGES,
  REPORT_PRESET_LABELS,
  REPORT_PRESETS,
  type ReportPreset,
} from "@agency/domain";
import { type FormEvent, useId, useState } from "react";
import { useSearchParams } from "react-router";
import {
  inputClass,
  primaryButtonClass,
  secondaryButtonClass,
} from "../../components/control-classes";
import { DownloadIcon } from "../../components/icons/index";
import { errorText } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { useDashboard } from "../../lib/dashboard-context";
import { formatCalendarDay } from "../../lib/format";
import { type ReportPeriod, useReport } from "./use-report";

const CUSTOM = "custom";

/** The figures every table shows, in order: a column each. */
const COLUMNS: readonly { label: string; value: (f: Figures) => string }[] = [
  { label: "Leads in", value: (f) => String(f.leadsIn) },
  { label: "Quotes", value: (f) => String(f.quotes) },
  { label: "Won", value: (f) => String(f.won) },
  { label: "Conversion", value: (f) => formatRate(f.conversionRate) },
  {
    label: "Median first response",
    value: (f) => formatBusinessDuration(f.medianFirstResponseSeconds),
  },
  { label: "Policies issued", value: (f) => String(f.policiesIssued) },
  { label: "New annual premium", value: (f) => formatPremium(f.newPremiumCents) },
  { label: "Retention", value: (f) => formatRate(f.retentionRate) },
];

function Totals({ figures }: { figures: Figures }) {
  const items = [
    ["Leads in", String(figures.leadsIn)],
    ["Quotes", String(figures.quotes)],
    ["Won", String(figures.won)],
    [
      "Conversion rate",
      `${formatRate(figures.conversionRate)} (${figures.won} of ${figures.won + figures.lost} decided)`,
    ],
    [
      "Median first response",
      figures.medianFirstResponseSeconds === null
        ? "— (none answered)"
        : `${formatBusinessDuration(figures.medianFirstResponseSeconds)} (business hours)`,
    ],
    ["Policies issued", String(figures.policiesIssued)],
    ["New annual premium", formatPremium(figures.newPremiumCents)],
    [
      "Retention rate",
      `${formatRate(figures.retentionRate)} (${figures.renewed} of ${figures.upForRenewal} renewed)`,
    ],
  ] as const;
  return (
    <dl className="grid grid-cols-2 gap-2 sm:gap-3 xl:grid-cols-4">
      {items.map(([label, value]) => (
        <div
          key={label}
          className="min-w-0 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:p-4"
        >
          <dt className="text-sm font-medium text-slate-700">{label}</dt>
          <dd className="mt-1 text-lg font-bold text-navy-900 wrap-anywhere sm:text-xl">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function FiguresTable({
  title,
  nameHeading,
  rows,
}: {
  title: string;
  nameHeading: string;
  rows: readonly { key: string; name: string; figures: Figures }[];
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h2 id={headingId} className="text-lg font-bold text-navy-900">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="rounded-xl bg-white p-4 text-slate-700 ring-1 ring-slate-200">
          Nothing in this period.
        </p>
      ) : (
        <section
          aria-label={`${title}: table`}
          // A wide table scrolls sideways on small screens; the region is focusable so
          // keyboard users can scroll it too.
          // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
          tabIndex={0}
          className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
        >
          <table className="min-w-full text-left text-sm">
            <thead className="bg-slate-50 text-slate-800">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {nameHeading}
                </th>
                {COLUMNS.map((column) => (
                  <th key={column.label} scope="col" className="px-3 py-2 text-right font-semibold">
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key} className="border-t border-slate-200">
                  <th
                    scope="row"
                    className="min-w-40 px-3 py-2 font-medium break-words text-slate-900"
                  >
                    {row.name}
                  </th>
                  {COLUMNS.map((column) => (
                    <td
                      key={column.label}
                      className="px-3 py-2 text-right whitespace-nowrap text-slate-800"
                    >
                      {column.value(row.figures)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </section>
  );
}

/** The address's period: a valid from–to range of Central days, else a known preset, else this month. */
function periodOf(params: URLSearchParams): ReportPeriod {
  const from = params.get("from") ?? "";
  const to = params.get("to") ?? "";
  if (isCalendarDate(from) && isCalendarDate(to) && from <= to) return { from, to };
  const preset = REPORT_PRESETS.find((value) => value === params.get("preset"));
  return { preset: preset ?? "this-month" };
}

/**
 * /dashboard/reports (issue 28 §3, decision 0074; Manager and above): a period's figures
 * from the records, in total, by agent and by lead source, and their CSV.
 */
export function ReportsView() {
  const { download } = useAuth();
  const { showToast } = useDashboard();
  // The period lives in the address (?preset= or ?from=&to=): a reload or a shared link
  // shows the same figures, and Back returns to the period before.
  const [searchParams, setSearchParams] = useSearchParams();
  const period = periodOf(searchParams);
  const setPeriod = (next: ReportPeriod) =>
    setSearchParams(
      () => {
        if ("from" in next) return new URLSearchParams({ from: next.from, to: next.to });
        return next.preset === "this-month"
          ? new URLSearchParams()
          : new URLSearchParams({ preset: next.preset });
      },
      { preventScrollReset: true },
    );
  const [choice, setChoice] = useState<ReportPreset | typeof CUSTOM>(() =>
    "from" in period ? CUSTOM : period.preset,
  );
  const [from, setFrom] = useState("from" in period ? period.from : "");
  const [to, setTo] = useState("from" in period ? period.to : "");
  const [rangeError, setRangeError] = useState<string | null>(null);
  const [isDownloading, setIsDownloading] = useState(false);
  const { state, reload } = useReport(period);
  const report = state.report;
  const ids = { period: useId(), from: useId(), to: useId(), error: useId() };

  function choose(value: string) {
    const next = value as ReportPreset | typeof CUSTOM;
    setChoice(next);
    setRangeError(null);
    if (next !== CUSTOM) setPeriod({ preset: next });
    else if (report) {
      setFrom(report.from);
      setTo(report.to);
    }
  }

  function applyRange(event: FormEvent) {
    event.preventDefault();
    if (from === "" || to === "") return setRangeError(REPORT_MESSAGES.from);
    if (from > to) return setRangeError(REPORT_MESSAGES.order);
    setRangeError(null);
    setPeriod({ from, to });
  }

  async function downloadCsv() {
    setIsDownloading(true);
    const ok = await download(API_ENDPOINTS.reports.export, { query: period });
    setIsDownloading(false);
    if (!ok) showToast("The report could not be downloaded. Please try again.", "error");
  }

  return (
    <div className="space-y-6">
      <form
        onSubmit={applyRange}
        className="flex flex-wrap items-end gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
        aria-label="Report period"
      >
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.period} className="text-sm font-semibold text-navy-900">
            Period
          </label>
          <select
            id={ids.period}
            value={choice}
            onChange={(event) => choose(event.target.value)}
            className={inputClass}
          >
            {REPORT_PRESETS.map((preset) => (
              <option key={preset} value={preset}>
                {REPORT_PRESET_LABELS[preset]}
              </option>
            ))}
            <option value={CUSTOM}>Custom range</option>
          </select>
        </div>
        {choice === CUSTOM ? (
          <>
            <div className="flex flex-col gap-1">
              <label htmlFor={ids.from} className="text-sm font-semibold text-navy-900">
                From
              </label>
              <input
                id={ids.from}
                type="date"
                value={from}
                onChange={(event) => setFrom(event.target.value)}
                className={inputClass}
                aria-describedby={rangeError ? ids.error : undefined}
                aria-invalid={rangeError ? true : undefined}
              />
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor={ids.to} className="text-sm font-semibold text-navy-900">
                To
              </label>
              <input
                id={ids.to}
                type="date"
                value={to}
                onChange={(event) => setTo(event.target.value)}
                className={inputClass}
                aria-describedby={rangeError ? ids.error : undefined}
                aria-invalid={rangeError ? true : undefined}
              />
            </div>
            <button type="submit" className={secondaryButtonClass}>
              Show
            </button>
          </>
        ) : null}
        <button
          type="button"
          className={`${primaryButtonClass} sm:ml-auto`}
          onClick={() => void downloadCsv()}
          disabled={isDownloading}
          aria-busy={isDownloading}
        >
          <DownloadIcon className="size-4" />
          {isDownloading ? "Downloading…" : "Download CSV"}
        </button>
        {rangeError ? (
          <p id={ids.error} role="alert" className="w-full text-sm font-semibold text-red-800">
            {rangeError}
          </p>
        ) : null}
      </form>

      {state.phase === "error" ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-red-950"
        >
          <p className="flex-1 font-semibold">
            {errorText(state.failure, REPORT_MESSAGES.loadFailed)}
          </p>
          <button type="button" className={secondaryButtonClass} onClick={() => void reload()}>
            Try again
          </button>
        </div>
      ) : null}

      {report === null ? (
        state.phase === "loading" ? (
          <p role="status" className="text-slate-700">
            Loading the report…
          </p>
        ) : null
      ) : (
        <div className="space-y-6" aria-busy={state.phase === "loading"}>
          <p className="text-slate-700">
            <span className="font-semibold text-navy-900">
              {formatCalendarDay(report.from)} – {formatCalendarDay(report.to)}
            </span>{" "}
            (Central time). Leads are counted by arrival, won and lost as they stand now; policies
            by the day they were issued; renewals by expiration date.
          </p>
          <section aria-label="Totals">
            <Totals figures={report.totals} />
          </section>
          <FiguresTable
            title="By agent"
            nameHeading="Agent"
            rows={report.byAgent.map((row) => ({
              key: row.agentId ?? "unassigned",
              name: row.name,
              figures: row.figures,
            }))}
          />
          <FiguresTable
            title="By lead source"
            nameHeading="Source"
            rows={report.bySource.map((row) => ({
              key: row.key,
              name: row.label,
              figures: row.figures,
            }))}
          />
        </div>
      )}
    </div>
  );
}
