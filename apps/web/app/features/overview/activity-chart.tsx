import type { DailyCount } from "@agency/domain";
import { useId } from "react";
import { formatCalendarDay } from "../../lib/format";
import { useMediaQuery } from "../../lib/use-media-query";

const SERIES = [
  {
    key: "quotes",
    label: "Quotes",
    line: "stroke-brand-600",
    dot: "fill-brand-600",
    swatch: "bg-brand-600",
  },
  {
    key: "contacts",
    label: "Messages",
    line: "stroke-emerald-700",
    dot: "fill-emerald-700",
    swatch: "bg-emerald-700",
  },
  {
    key: "appointments",
    label: "Bookings",
    line: "stroke-amber-600",
    dot: "fill-amber-600",
    swatch: "bg-amber-600",
  },
] as const;

const PAD = { top: 12, right: 12, bottom: 28, left: 36 };

/** A round axis top: 1, 2, 5, 10, 20, 50… at least the largest value. */
function niceMax(value: number): number {
  if (value <= 1) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * magnitude >= value) return step * magnitude;
  return 10 * magnitude;
}

/**
 * New quotes, messages and bookings per day over the last 30 days, as an inline SVG (no
 * chart library, nothing external, no style attributes). Screen readers get a title, a
 * summary and the full data as a visually hidden table.
 */
export function ActivityChart({ daily }: { daily: readonly DailyCount[] }) {
  // A narrower drawing on phones, so the axis labels stay readable when scaled down.
  const isNarrow = !useMediaQuery("(min-width: 640px)");
  const width = isNarrow ? 340 : 640;
  const height = isNarrow ? 200 : 220;
  const titleId = useId();
  const descId = useId();
  const totals = Object.fromEntries(
    SERIES.map((series) => [series.key, daily.reduce((sum, day) => sum + day[series.key], 0)]),
  ) as Record<(typeof SERIES)[number]["key"], number>;
  const top = niceMax(Math.max(0, ...daily.flatMap((day) => SERIES.map((s) => day[s.key]))));
  const plotWidth = width - PAD.left - PAD.right;
  const plotHeight = height - PAD.top - PAD.bottom;
  const x = (index: number) =>
    PAD.left + (daily.length <= 1 ? plotWidth / 2 : (index / (daily.length - 1)) * plotWidth);
  const y = (value: number) => PAD.top + plotHeight - (value / top) * plotHeight;
  const ticks = top === 1 ? [0, 1] : [0, top / 2, top];
  const labelled = new Set(isNarrow ? [0, 14, daily.length - 1] : [0, 7, 14, 21, daily.length - 1]);
  const first = daily[0];
  const last = daily.at(-1);
  const summary = `${totals.quotes} quotes, ${totals.contacts} messages and ${totals.appointments} bookings${
    first && last ? ` from ${formatCalendarDay(first.date)} to ${formatCalendarDay(last.date)}` : ""
  }.`;

  return (
    <figure className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-bold text-navy-900">New leads per day, last 30 days</h2>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
          {SERIES.map((series) => (
            <li key={series.key} className="flex items-center gap-1.5">
              <span
                aria-hidden="true"
                className={`inline-block h-1 w-4 rounded-full ${series.swatch}`}
              />
              {series.label}:{" "}
              <span className="font-semibold text-slate-900">{totals[series.key]}</span>
            </li>
          ))}
        </ul>
      </figcaption>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
        className="mt-3 h-auto w-full"
      >
        <title id={titleId}>New quotes, messages and bookings per day over the last 30 days</title>
        <desc id={descId}>{summary} The table that follows lists every day.</desc>
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={PAD.left}
              x2={width - PAD.right}
              y1={y(tick)}
              y2={y(tick)}
              className="stroke-slate-200"
              strokeWidth={1}
            />
            <text
              x={PAD.left - 6}
              y={y(tick)}
              textAnchor="end"
              dominantBaseline="middle"
              className="fill-slate-600 text-[11px]"
            >
              {tick}
            </text>
          </g>
        ))}
        {daily.map((day, index) =>
          labelled.has(index) ? (
            <text
              key={day.date}
              x={x(index)}
              y={height - 8}
              textAnchor={index === 0 ? "start" : index === daily.length - 1 ? "end" : "middle"}
              className="fill-slate-600 text-[11px]"
            >
              {formatCalendarDay(day.date)}
            </text>
          ) : null,
        )}
        {SERIES.map((series) => (
          <g key={series.key}>
            <polyline
              points={daily.map((day, index) => `${x(index)},${y(day[series.key])}`).join(" ")}
              fill="none"
              strokeWidth={2}
              strokeLinejoin="round"
              className={series.line}
            />
            {daily.map((day, index) =>
              day[series.key] > 0 ? (
                <circle
                  key={day.date}
                  cx={x(index)}
                  cy={y(day[series.key])}
                  r={2.5}
                  className={series.dot}
                />
              ) : null,
            )}
          </g>
        ))}
      </svg>
      <table className="sr-only">
        <caption>New leads per day, last 30 days</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Quotes</th>
            <th scope="col">Messages</th>
            <th scope="col">Bookings</th>
          </tr>
        </thead>
        <tbody>
          {daily.map((day) => (
            <tr key={day.date}>
              <th scope="row">{formatCalendarDay(day.date)}</th>
              <td>{day.quotes}</td>
              <td>{day.contacts}</td>
              <td>{day.appointments}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
