import { PAGE_SIZE } from "./use-lead-list";

interface PagerProps {
  offset: number;
  total: number;
  /** What is listed, for the navigation's name ("Quotes pages"). */
  label: string;
  onChange: (offset: number) => void;
}

const buttonClass =
  "min-h-11 min-w-20 cursor-pointer rounded-md bg-white px-3 text-sm font-semibold text-navy-900 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-white";

/** Prev / Next with "26–50 of 200". */
export function Pager({ offset, total, label, onChange }: PagerProps) {
  if (total === 0) return null;
  const first = offset + 1;
  const last = Math.min(offset + PAGE_SIZE, total);
  return (
    <nav
      aria-label={`${label} pages`}
      className="flex flex-wrap items-center justify-between gap-3"
    >
      <p className="text-sm text-slate-700">
        <span className="font-semibold text-navy-900">
          {first.toLocaleString("en-US")}–{last.toLocaleString("en-US")}
        </span>{" "}
        of {total.toLocaleString("en-US")}
      </p>
      <div className="flex gap-2">
        <button
          type="button"
          className={buttonClass}
          disabled={offset === 0}
          onClick={() => onChange(Math.max(0, offset - PAGE_SIZE))}
        >
          <span aria-hidden="true">‹ </span>Prev
        </button>
        <button
          type="button"
          className={buttonClass}
          disabled={last >= total}
          onClick={() => onChange(offset + PAGE_SIZE)}
        >
          Next<span aria-hidden="true"> ›</span>
        </button>
      </div>
    </nav>
  );
}
