import {
  API_ENDPOINTS,
  can,
  DEFAULT_RENEWAL_WINDOW,
  formatPremium,
  LINE_OF_BUSINESS_LABELS,
  MAX_LIST_OFFSET,
  POLICY_STATUS_LABELS,
  RENEWAL_STATE_LABELS,
  RENEWAL_WINDOWS,
  RENEWALS_PAGE,
  type RenewalRow,
  type RenewalWindow,
} from "@agency/domain";
import { useCallback, useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { secondaryButtonClass } from "../../components/control-classes";
import { errorText } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { cn } from "../../lib/cn";
import { useDashboard } from "../../lib/dashboard-context";
import { personPath } from "../../lib/dashboard-views";
import { formatFullDay, plural, silentFailureText } from "../../lib/format";
import { RenewForm, termName } from "./renew-form";

/** The address's window, or the default for none or one the page does not offer. */
function windowOf(value: string | null): RenewalWindow {
  return RENEWAL_WINDOWS.find((days) => String(days) === value) ?? DEFAULT_RENEWAL_WINDOW;
}

/** The address's offset: a whole number of rows from 0 to MAX_LIST_OFFSET, else 0. */
function offsetOf(value: string | null): number {
  const n = value !== null && /^\d{1,7}$/.test(value) ? Number(value) : 0;
  return n <= MAX_LIST_OFFSET ? n : 0;
}

type State =
  | { phase: "loading" }
  | { phase: "ready"; rows: RenewalRow[]; total: number; from: string; to: string }
  | { phase: "error"; message: string };

const STATE_CLASS: Record<RenewalRow["renewalState"], string> = {
  "not-started": "bg-slate-200 text-slate-800",
  "re-marketing": "bg-amber-100 text-amber-900",
  renewed: "bg-green-100 text-green-900",
  lost: "bg-red-100 text-red-900",
};

/**
 * /dashboard/renewals (issue 28 §2, decision 0073): the terms expiring in the next 30, 60
 * or 90 days (Central), soonest first, with Renew, Re-marketing and Lost.
 */
export function RenewalsView() {
  const { call } = useAuth();
  // The window and the page live in the address (the contract's "list state in the query
  // string"): a reload, a shared link and Back keep them.
  const [searchParams, setSearchParams] = useSearchParams();
  const window_ = windowOf(searchParams.get("window"));
  const offset = offsetOf(searchParams.get("offset"));
  const show = (next: { window: RenewalWindow; offset: number }) =>
    setSearchParams(
      () => {
        const params = new URLSearchParams();
        if (next.window !== DEFAULT_RENEWAL_WINDOW) params.set("window", String(next.window));
        if (next.offset > 0) params.set("offset", String(next.offset));
        return params;
      },
      { preventScrollReset: true },
    );
  const [state, setState] = useState<State>({ phase: "loading" });

  const load = useCallback(() => {
    const controller = new AbortController();
    call(API_ENDPOINTS.renewals.list, {
      query: { window: window_, limit: RENEWALS_PAGE, offset },
      signal: controller.signal,
    })
      .then((result) => {
        if (controller.signal.aborted) return;
        setState(
          result.ok
            ? {
                phase: "ready",
                rows: result.data.data,
                total: result.data.total,
                from: result.data.from,
                to: result.data.to,
              }
            : { phase: "error", message: errorText(result, silentFailureText(result)) },
        );
      })
      .catch(() => {
        // Left before the answer came.
      });
    return () => controller.abort();
  }, [call, window_, offset]);
  useEffect(load, [load]);

  const replace = (row: RenewalRow) =>
    setState((current) =>
      current.phase === "ready"
        ? { ...current, rows: current.rows.map((r) => (r._id === row._id ? row : r)) }
        : current,
    );

  return (
    <div className="space-y-4">
      <fieldset className="flex flex-wrap items-center gap-1">
        <legend className="mb-1 w-full text-sm font-semibold text-navy-900">Expiring within</legend>
        {RENEWAL_WINDOWS.map((days) => (
          <button
            key={days}
            type="button"
            aria-pressed={window_ === days}
            onClick={() => show({ window: days, offset: 0 })}
            className={cn(
              "min-h-11 cursor-pointer rounded-md px-3 text-sm font-semibold ring-1 ring-inset",
              window_ === days
                ? "bg-navy-900 text-white ring-navy-900"
                : "bg-white text-navy-900 ring-slate-300 hover:bg-slate-50",
            )}
          >
            {days} days
          </button>
        ))}
      </fieldset>
      <div aria-live="polite">
        {state.phase === "loading" ? (
          <p className="text-sm text-slate-700">Loading renewals…</p>
        ) : state.phase === "error" ? (
          <p role="alert" className="text-sm text-red-800">
            The renewals could not be loaded: {state.message}
          </p>
        ) : (
          <>
            <p className="mb-3 text-sm text-slate-800">
              {plural(state.total, "policy", "policies")} expiring {formatFullDay(state.from)} to{" "}
              {formatFullDay(state.to)}
            </p>
            {state.rows.length === 0 ? (
              <p className="rounded-xl bg-white p-4 text-sm text-slate-700 shadow-sm ring-1 ring-slate-200">
                No policy expires in the next {window_} days.
              </p>
            ) : (
              <ul aria-label="Renewals" className="space-y-2">
                {state.rows.map((row) => (
                  <RenewalItem key={row._id} row={row} onChanged={replace} />
                ))}
              </ul>
            )}
            {state.total > RENEWALS_PAGE ? (
              <nav aria-label="Pages of renewals" className="mt-3 flex flex-wrap gap-2">
                <button
                  type="button"
                  className={secondaryButtonClass}
                  disabled={offset === 0}
                  onClick={() =>
                    show({ window: window_, offset: Math.max(0, offset - RENEWALS_PAGE) })
                  }
                >
                  Previous page
                </button>
                <button
                  type="button"
                  className={secondaryButtonClass}
                  disabled={offset + RENEWALS_PAGE >= state.total}
                  onClick={() => show({ window: window_, offset: offset + RENEWALS_PAGE })}
                >
                  Next page
                </button>
              </nav>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}

function RenewalItem({
  row,
  onChanged,
}: {
  row: RenewalRow;
  onChanged: (row: RenewalRow) => void;
}) {
  const { call, user } = useAuth();
  const { showToast } = useDashboard();
  const [isRenewing, setIsRenewing] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const name = termName(row);
  const mayWork = can(user, "leads.work");
  const isOpen = row.status === "active" && row.renewalState !== "renewed";

  async function setRenewalState(state: "re-marketing" | "lost") {
    if (isBusy) return;
    setIsBusy(true);
    setError(undefined);
    const result = await call(API_ENDPOINTS.renewals.setState, {
      params: { id: row._id },
      body: { state },
    });
    setIsBusy(false);
    if (result.ok) {
      const policy = result.data.data;
      onChanged({ ...row, status: policy.status, renewalState: policy.renewalState });
      showToast(state === "lost" ? `${name} marked lost.` : `${name}: re-marketing.`);
    } else setError(errorText(result, silentFailureText(result)));
  }

  return (
    <li className="rounded-xl bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200">
      <div className="grid gap-x-4 gap-y-1 md:grid-cols-2 xl:grid-cols-[minmax(0,1.3fr)_minmax(0,1.4fr)_minmax(8rem,0.7fr)_minmax(8rem,0.7fr)_minmax(9rem,0.8fr)] xl:items-center">
        <h3 className="text-base font-bold wrap-anywhere text-navy-900">
          {row.person ? (
            <Link
              to={personPath(row.person._id)}
              className="underline decoration-navy-900/30 underline-offset-2 hover:text-brand-700"
            >
              {row.person.name || "Unnamed person"}
            </Link>
          ) : (
            "No person on file"
          )}
        </h3>
        <p className="min-w-0 wrap-anywhere text-slate-800">
          {row.carrier} · {LINE_OF_BUSINESS_LABELS[row.lineOfBusiness]} · No. {row.policyNumber}
        </p>
        <p className="text-slate-800">
          <span className="text-slate-600">Expires </span>
          {formatFullDay(row.expirationDate)}
        </p>
        <p className="whitespace-nowrap text-slate-800 tabular-nums">
          {formatPremium(row.annualPremiumCents)}
          <span className="text-slate-600"> a year</span>
        </p>
        <p className="flex flex-wrap items-center gap-2">
          <span
            className={cn(
              "rounded-full px-2 py-0.5 text-xs font-semibold",
              STATE_CLASS[row.renewalState],
            )}
          >
            {RENEWAL_STATE_LABELS[row.renewalState]}
          </span>
          {row.status !== "active" && row.status !== "renewed" ? (
            <span className="text-xs text-slate-700">{POLICY_STATUS_LABELS[row.status]}</span>
          ) : null}
        </p>
      </div>
      <p className="mt-1 text-slate-700">
        Producer: {row.producer?.name ?? "Nobody (a former staff member)"}
      </p>
      {mayWork && isOpen ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {!isRenewing ? (
            <button
              type="button"
              className={secondaryButtonClass}
              onClick={() => setIsRenewing(true)}
            >
              Renew<span className="sr-only"> {name}</span>
            </button>
          ) : null}
          {row.renewalState !== "re-marketing" ? (
            <button
              type="button"
              className={secondaryButtonClass}
              disabled={isBusy}
              onClick={() => void setRenewalState("re-marketing")}
            >
              Re-marketing<span className="sr-only"> {name}</span>
            </button>
          ) : null}
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={isBusy}
            onClick={() => void setRenewalState("lost")}
          >
            Lost<span className="sr-only"> {name}</span>
          </button>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      {isRenewing ? (
        <RenewForm
          term={row}
          onCancel={() => setIsRenewing(false)}
          onRenewed={(next) => {
            setIsRenewing(false);
            onChanged({ ...row, status: "renewed", renewalState: "renewed", renewedBy: next._id });
            showToast(`Policy ${next.policyNumber} renewed.`);
          }}
        />
      ) : null}
    </li>
  );
}
