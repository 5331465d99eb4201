import { type ReactNode, useEffect, useRef } from "react";
import type { ApiFailure } from "../../lib/api";
import { secondaryButtonClass } from "./list-controls";
import { Pager } from "./pager";
import { type LeadList, PAGE_SIZE } from "./use-lead-list";

export function LoadingState({ label }: { label: string }) {
  return (
    <div
      role="status"
      className="flex items-center gap-3 rounded-xl bg-white p-6 text-slate-700 shadow-sm ring-1 ring-slate-200"
    >
      <span className="size-5 animate-spin rounded-full border-2 border-brand-600 border-t-transparent motion-reduce:animate-none" />
      {label}
    </div>
  );
}

/** The failure panel: a title, what went wrong and Try Again (a refetch, not a reload). */
export function ErrorPanel({
  title,
  message,
  onRetry,
}: {
  title?: string;
  message: string;
  onRetry: () => void;
}) {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-950">
      {title ? <h3 className="text-lg font-bold">{title}</h3> : null}
      <p className={title ? "mt-1" : "font-semibold"}>{message}</p>
      <button type="button" onClick={onRetry} className={`${secondaryButtonClass} mt-4`}>
        Try Again
      </button>
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
      <h3 className="text-lg font-bold text-navy-900">{title}</h3>
      {children ? <div className="mt-2 text-slate-700">{children}</div> : null}
    </div>
  );
}

/** Clears the search and the status filter (the no-match states of the lists). */
export function ClearSearchButton({ onClear }: { onClear: () => void }) {
  return (
    <button type="button" className={`${secondaryButtonClass} mt-4`} onClick={onClear}>
      Clear Search
    </button>
  );
}

/**
 * What a lead list shows below its controls, in order of precedence: the failure panel
 * with Try Again, the first load, the empty state, or its items with the pager under them.
 * After Prev / Next, the new page's top comes into view and takes focus (a keyboard user
 * goes on from the first item, a screen reader hears which items these are).
 */
export function ListBody<T extends { _id: string }>({
  list,
  label,
  errorTitle,
  errorMessage,
  empty,
  children,
}: {
  list: LeadList<T>;
  /** The plural name: "Quotes" gives "Loading quotes…" and the "Quotes pages" pager. */
  label: string;
  errorTitle?: string;
  /** The failure panel's text, from the server's answer (null: none) or the local reason. */
  errorMessage: (failure: ApiFailure | null, reason: string) => string;
  empty: ReactNode;
  children: ReactNode;
}) {
  const { state, params, update } = list;
  const topRef = useRef<HTMLElement>(null);
  const isPaging = useRef(false);

  useEffect(() => {
    if (!isPaging.current || state.phase === "loading") return;
    isPaging.current = false;
    const top = topRef.current;
    if (!top) return;
    const reduceMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    top.scrollIntoView({ block: "start", behavior: reduceMotion ? "auto" : "smooth" });
    top.focus({ preventScroll: true });
  }, [state]);

  if (state.phase === "error") {
    return (
      <ErrorPanel
        title={errorTitle}
        message={errorMessage(state.failure, state.reason)}
        onRetry={list.reload}
      />
    );
  }
  if (state.phase === "loading" && state.items.length === 0) {
    return <LoadingState label={`Loading ${label.toLowerCase()}…`} />;
  }
  if (state.items.length === 0) return empty;
  const first = params.offset + 1;
  const last = Math.min(params.offset + PAGE_SIZE, state.total);
  return (
    <>
      <section
        ref={topRef}
        tabIndex={-1}
        aria-label={`${label} ${first.toLocaleString("en-US")} to ${last.toLocaleString("en-US")} of ${state.total.toLocaleString("en-US")}`}
        // Clear of the sticky site header when scrolled to.
        className="scroll-mt-20 rounded-xl outline-offset-4 focus:outline-none focus-visible:outline-2 focus-visible:outline-brand-600 nav:scroll-mt-24"
      >
        {children}
      </section>
      <Pager
        offset={params.offset}
        total={state.total}
        label={label}
        onChange={(offset) => {
          isPaging.current = true;
          update({ offset });
        }}
      />
    </>
  );
}
