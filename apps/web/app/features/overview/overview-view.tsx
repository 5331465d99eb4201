import type { Figures, Overview, SettingsAttention } from "@agency/domain";
import {
  API_ENDPOINTS,
  can,
  formatBusinessDuration,
  formatRate,
  overviewPeriod,
  userDisplayName,
} from "@agency/domain";
import { type ReactNode, useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { primaryButtonClass, secondaryButtonClass } from "../../components/control-classes";
import {
  CloseIcon,
  DashboardRefreshIcon,
  DashboardShieldIcon,
  DocumentIcon,
  DownloadIcon,
  ExternalIcon,
  GearIcon,
  InboxIcon,
  PlusIcon,
} from "../../components/icons/index";
import type { ApiFailure } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { useDashboard } from "../../lib/dashboard-context";
import { leadPath, personPath, viewPath } from "../../lib/dashboard-views";
import { LoadingState } from "../lead";
import { ChoosePolicyholder } from "../policy";
import { MyTasks } from "../task";
import { ActivityChart } from "./activity-chart";
import { ActivityFeed } from "./activity-feed";
import { StatCard } from "./stat-card";
import { TodaysSchedule } from "./todays-schedule";
import { WaitingToBeWorked } from "./waiting-to-be-worked";
import { WorkOverview } from "./work-overview";

/**
 * The spec's banner says "…Using sample data instead."; the dashboard never shows sample
 * data, so only the first sentence remains (decision record).
 */
export const OVERVIEW_FAILED = "Failed to load dashboard data.";

type State =
  | { phase: "loading"; data: Overview | null }
  | { phase: "ready"; data: Overview }
  | { phase: "error"; data: Overview | null; failure: ApiFailure };

function QuickAction({
  title,
  description,
  icon,
  children,
}: {
  title: string;
  description: string;
  icon: ReactNode;
  children: (className: string, content: ReactNode) => ReactNode;
}) {
  const content = (
    <>
      <span className="rounded-lg bg-brand-50 p-2.5 text-brand-700">{icon}</span>
      <span className="min-w-0">
        <span className="block font-semibold text-navy-900">{title}</span>
        <span className="block text-sm text-slate-700">{description}</span>
      </span>
    </>
  );
  return (
    <li>
      {children(
        "flex h-full w-full cursor-pointer items-start gap-3 rounded-xl bg-white p-4 text-left shadow-sm ring-1 ring-slate-200 hover:bg-slate-50 hover:ring-brand-200",
        content,
      )}
    </li>
  );
}

/** The "System Settings" card's list: each setting that needs attention, a step from Settings. */
function SettingsAttentionList({ items }: { items: readonly SettingsAttention[] }) {
  return (
    <>
      <p className="text-sm font-semibold text-amber-800">
        {items.length === 1
          ? "1 setting needs attention"
          : `${items.length} settings need attention`}
      </p>
      <ul className="mt-2 space-y-2" aria-label="Settings that need attention">
        {items.map((item) => (
          <li key={item.key} className="text-sm">
            <Link
              to={viewPath("settings")}
              className="font-medium text-slate-900 underline-offset-2 hover:text-brand-700 hover:underline"
            >
              {item.text}
            </Link>
            <p className="text-slate-600">{item.detail}</p>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * The overview's 30 days' conversion rate and median first response (issue 28 §3; decision
 * 0074 amends 0014, which had dropped them while nothing recorded them): the Reports
 * page's totals for the overview's period, asked for beside the overview's own answer.
 */
function Performance() {
  const { call } = useAuth();
  const [totals, setTotals] = useState<Figures | null | "failed">(null);

  useEffect(() => {
    const controller = new AbortController();
    const period = overviewPeriod(new Date());
    const from = period?.days[0];
    const to = period?.days.at(-1);
    if (!from || !to) return;
    call(API_ENDPOINTS.reports.figures, { query: { from, to }, signal: controller.signal })
      .then((result) => {
        setTotals(result.ok && result.data?.data ? result.data.data.totals : "failed");
      })
      .catch(() => {
        // Aborted: the view was left.
      });
    return () => controller.abort();
  }, [call]);

  const decided = totals && totals !== "failed" ? totals.won + totals.lost : 0;
  return (
    <section
      aria-labelledby="overview-performance-heading"
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="overview-performance-heading" className="font-bold text-navy-900">
          Performance, last 30 days
        </h2>
        <Link
          to={viewPath("reports")}
          className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
        >
          Open Reports
        </Link>
      </div>
      {totals === null ? (
        <p role="status" className="mt-2 text-sm text-slate-700">
          Loading…
        </p>
      ) : totals === "failed" ? (
        <p className="mt-2 text-sm text-slate-700">These figures could not be loaded.</p>
      ) : (
        <dl className="mt-2 grid grid-cols-1 gap-3 sm:grid-cols-2">
          <div>
            <dt className="text-sm text-slate-700">Conversion rate</dt>
            <dd className="text-2xl font-bold text-navy-900">
              {formatRate(totals.conversionRate)}
              <span className="block text-sm font-normal text-slate-700">
                {totals.won} won of {decided} decided
              </span>
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-700">Median first response</dt>
            <dd className="text-2xl font-bold text-navy-900">
              {formatBusinessDuration(totals.medianFirstResponseSeconds)}
              <span className="block text-sm font-normal text-slate-700">
                business hours, over {totals.responded} answered{" "}
                {totals.responded === 1 ? "lead" : "leads"}
              </span>
            </dd>
          </div>
        </dl>
      )}
    </section>
  );
}

/** The agency's figures for roles that see reports; the work waiting for the others. */
export function OverviewView() {
  const { user } = useAuth();
  return can(user, "reports.view") ? <FiguresOverview /> : <WorkOverview />;
}

function FiguresOverview() {
  const { call, download, user } = useAuth();
  const { showToast } = useDashboard();
  const [state, setState] = useState<State>({ phase: "loading", data: null });
  const [isBannerOpen, setIsBannerOpen] = useState(false);
  const [isReporting, setIsReporting] = useState(false);

  const load = useCallback(
    async (signal?: AbortSignal) => {
      setState((current) => ({ phase: "loading", data: current.data }));
      try {
        const result = await call(API_ENDPOINTS.dashboard.overview, signal ? { signal } : {});
        if (result.ok && result.data && typeof result.data === "object" && result.data.counts) {
          setState({ phase: "ready", data: result.data });
          setIsBannerOpen(false);
        } else {
          setState((current) => ({
            phase: "error",
            data: current.data,
            failure: result.ok
              ? {
                  ok: false,
                  status: result.status,
                  error: undefined,
                  message: undefined,
                  errors: [],
                  retryAfterSeconds: undefined,
                }
              : result,
          }));
          setIsBannerOpen(true);
        }
      } catch {
        // Aborted: the view was left.
      }
    },
    [call],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  async function generateReport() {
    setIsReporting(true);
    const ok = await download(API_ENDPOINTS.dashboard.report);
    setIsReporting(false);
    if (!ok) showToast("The report could not be generated. Please try again.", "error");
  }

  const data = state.data;
  const isLoading = state.phase === "loading";

  return (
    <div className="space-y-6">
      {state.phase === "error" && isBannerOpen ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-red-950"
        >
          <p className="flex-1 font-semibold">{OVERVIEW_FAILED}</p>
          <button type="button" className={secondaryButtonClass} onClick={() => void load()}>
            <DashboardRefreshIcon className="size-4" />
            Try again
          </button>
          <button
            type="button"
            onClick={() => setIsBannerOpen(false)}
            className="flex size-11 cursor-pointer items-center justify-center rounded-md hover:bg-red-100"
            aria-label="Dismiss"
          >
            <CloseIcon className="size-5" />
          </button>
        </div>
      ) : null}

      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-lg text-slate-700">
          Welcome back, <span className="font-semibold text-navy-900">{userDisplayName(user)}</span>
        </p>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={secondaryButtonClass}
            onClick={() => void load()}
            disabled={isLoading}
            aria-busy={isLoading}
          >
            <DashboardRefreshIcon className="size-4" />
            {isLoading ? "Refreshing…" : "Refresh"}
          </button>
          <button
            type="button"
            className={primaryButtonClass}
            onClick={() => void generateReport()}
            disabled={isReporting}
            aria-busy={isReporting}
          >
            <DownloadIcon className="size-4" />
            {isReporting ? "Generating…" : "Generate Report"}
          </button>
        </div>
      </div>

      <div className="grid grid-cols-1 items-start gap-6 xl:grid-cols-2">
        <TodaysSchedule />
        <MyTasks />
      </div>

      <WaitingToBeWorked />

      {data === null ? (
        state.phase === "loading" ? (
          <LoadingState label="Loading dashboard…" />
        ) : state.phase === "error" && !isBannerOpen ? (
          <p className="rounded-xl bg-white p-6 text-slate-700 shadow-sm ring-1 ring-slate-200">
            No figures to show.{" "}
            <button
              type="button"
              onClick={() => void load()}
              className="cursor-pointer font-semibold text-brand-700 underline underline-offset-2"
            >
              Try again
            </button>
          </p>
        ) : null
      ) : (
        <>
          <section aria-labelledby="overview-stats-heading">
            <h2 id="overview-stats-heading" className="sr-only">
              Key figures
            </h2>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
              <StatCard
                title="Total Contacts"
                count={data.counts.contacts}
                Icon={InboxIcon}
                trend={data.trends.contacts}
                recent={data.recent.contacts}
                emptyText="No messages yet."
                viewAllTo={viewPath("contacts")}
                viewAllLabel="contacts"
                itemPath={(id) => leadPath("contacts", id)}
              />
              <StatCard
                title="Active Quotes"
                count={data.counts.openQuotes}
                Icon={DocumentIcon}
                trend={data.trends.quotes}
                recent={data.recent.quotes}
                emptyText="No quotes yet."
                viewAllTo={viewPath("quotes")}
                viewAllLabel="quotes"
                itemPath={(id) => leadPath("quotes", id)}
              />
              <StatCard
                title="Active Policies"
                count={data.counts.policies}
                Icon={DashboardShieldIcon}
                trend={data.trends.policies}
                recent={data.recent.policies}
                emptyText="No active policies yet: issue one from a lead or a person's page."
                viewAllTo={viewPath("people")}
                viewAllLabel="people"
                // A policy opens its holder's page, where their policies are.
                itemPath={(_id, item) => (item.personId ? personPath(item.personId) : undefined)}
              />
              <StatCard
                title="System Settings"
                count={data.counts.settings}
                Icon={GearIcon}
                recent={[]}
                emptyText="Nothing needs attention."
                viewAllTo={viewPath("settings")}
                viewAllLabel="settings"
                body={
                  data.attention.length > 0 ? (
                    <SettingsAttentionList items={data.attention} />
                  ) : undefined
                }
              />
            </div>
          </section>

          <Performance />

          <div className="grid grid-cols-1 gap-6 xl:grid-cols-3">
            <div className="min-w-0 xl:col-span-2">
              <ActivityChart daily={data.daily} />
            </div>
            <section aria-labelledby="quick-actions-heading">
              <h2 id="quick-actions-heading" className="mb-3 font-bold text-navy-900">
                Quick Actions
              </h2>
              <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-1">
                <QuickAction
                  title="Add Contact"
                  description="Open Contacts to answer or add a message."
                  icon={<PlusIcon className="size-5" />}
                >
                  {(className, content) => (
                    <Link to={viewPath("contacts")} className={className}>
                      {content}
                    </Link>
                  )}
                </QuickAction>
                <QuickAction
                  title="Create Quote"
                  description="Open the quote form in a new tab."
                  icon={<ExternalIcon className="size-5" />}
                >
                  {(className, content) => (
                    <a href="/get-quote-today" target="_blank" rel="noopener" className={className}>
                      {content}
                      <span className="sr-only"> (opens in a new tab)</span>
                    </a>
                  )}
                </QuickAction>
                <QuickAction
                  title="Issue Policy"
                  description="Find the person, then fill in the policy on their page."
                  icon={<DashboardShieldIcon className="size-5" />}
                >
                  {(className, content) => (
                    <ChoosePolicyholder>
                      {(open) => (
                        <button
                          type="button"
                          aria-haspopup="dialog"
                          onClick={open}
                          className={className}
                        >
                          {content}
                        </button>
                      )}
                    </ChoosePolicyholder>
                  )}
                </QuickAction>
                <QuickAction
                  title="Configure"
                  description="Your password and the agency profile."
                  icon={<GearIcon className="size-5" />}
                >
                  {(className, content) => (
                    <Link to={viewPath("settings")} className={className}>
                      {content}
                    </Link>
                  )}
                </QuickAction>
              </ul>
            </section>
          </div>

          <ActivityFeed entries={data.activity} />
        </>
      )}
    </div>
  );
}
