import {
  type AgentFigures,
  businessSecondsBetween,
  emptyFigures,
  type Figures,
  medianOfCounts,
  periodBounds,
  type Report,
  type ReportQuery,
  rateOf,
  reportPeriod,
  type SourceFigures,
  sourceKeyOf,
  userDisplayName,
} from "@agency/domain";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import {
  leadGroups,
  policyGroups,
  REPORT_LEAD_TABLES,
  renewalGroups,
  untimedResponses,
  userNames,
} from "./repository.ts";

/** A group's running counts and its response minutes (value → leads; the median at the end). */
type Tally = { figures: Figures; responses: Map<number, number> };

const newTally = (): Tally => ({ figures: emptyFigures(), responses: new Map() });

const UNASSIGNED = "\u0000unassigned";

const minutesToSeconds = (minutes: number | null) => (minutes === null ? null : minutes * 60);

/**
 * The figures of a period (issue 28 §3, decision 0074): a few GROUP BY queries on the
 * report indexes (no query per row), summed here into the totals, per agent (a lead's
 * assignee, a policy's producer) and per lead source; medians of the first response's
 * business time from histograms of whole minutes (the domain counts the rows the app has
 * not timed, backfilled ones).
 */
export async function buildReport(
  db: Kysely<Database>,
  query: ReportQuery,
  now: Date,
): Promise<Report> {
  const { from, to } = reportPeriod(query, now);
  const { start, end } = periodBounds(from, to);

  const [leadParts, policies, renewals] = await Promise.all([
    Promise.all(REPORT_LEAD_TABLES.map(([table]) => leadGroups(db, table, start, end))),
    policyGroups(db, start, end),
    renewalGroups(db, from, to),
  ]);
  // Answered leads the app did not time (first responses backfilled by the migration): read
  // one by one, only from a table whose groups show some.
  const untimedParts = await Promise.all(
    REPORT_LEAD_TABLES.map(([table], index) =>
      (leadParts[index] ?? []).some((row) => row.minutes === null && row.responded > 0)
        ? untimedResponses(db, table, start, end)
        : Promise.resolve([]),
    ),
  );

  const total = newTally();
  const agents = new Map<string, Tally>();
  const sources = new Map<string, Tally>();
  const sourceInfo = new Map<string, ReturnType<typeof sourceKeyOf>>();
  const tallyOf = (map: Map<string, Tally>, key: string) => {
    let tally = map.get(key);
    if (!tally) {
      tally = newTally();
      map.set(key, tally);
    }
    return tally;
  };
  /** The three tallies a row adds to: the total, its agent's and its source's. */
  const targets = (agentId: string | null, channel: string | null, touch: string | null) => {
    const source = sourceKeyOf(channel, touch);
    sourceInfo.set(source.key, source);
    return [total, tallyOf(agents, agentId ?? UNASSIGNED), tallyOf(sources, source.key)];
  };

  const addMinutes = (tally: Tally, minutes: number, leads: number) =>
    tally.responses.set(minutes, (tally.responses.get(minutes) ?? 0) + leads);
  leadParts.forEach((rows, index) => {
    const isQuotes = REPORT_LEAD_TABLES[index]?.[0] === "auto_quotes";
    for (const row of rows) {
      for (const { figures } of targets(row.assigned_to, row.source, row.first_touch_source)) {
        figures.leadsIn += row.leads;
        if (isQuotes) figures.quotes += row.leads;
        figures.won += row.won;
        figures.lost += row.lost;
        figures.responded += row.responded;
      }
      // A group with minutes holds answered, timed leads only.
      if (row.minutes !== null) {
        for (const tally of targets(row.assigned_to, row.source, row.first_touch_source)) {
          addMinutes(tally, row.minutes, row.leads);
        }
      }
    }
  });
  for (const rows of untimedParts) {
    for (const row of rows) {
      const seconds = businessSecondsBetween(
        new Date(row.created_at),
        new Date(row.first_response_at),
      );
      for (const tally of targets(row.assigned_to, row.source, row.first_touch_source)) {
        addMinutes(tally, Math.floor(seconds / 60), 1);
      }
    }
  }
  for (const row of policies) {
    for (const { figures } of targets(row.producer_id, row.channel, row.first_touch_source)) {
      figures.policiesIssued += row.policies;
      figures.newPremiumCents += row.premium_cents;
    }
  }
  for (const row of renewals) {
    for (const { figures } of targets(row.producer_id, row.channel, row.first_touch_source)) {
      figures.upForRenewal += row.up;
      figures.renewed += row.renewed;
    }
  }

  const finish = (tally: Tally): Figures => ({
    ...tally.figures,
    conversionRate: rateOf(tally.figures.won, tally.figures.won + tally.figures.lost),
    medianFirstResponseSeconds: minutesToSeconds(medianOfCounts(tally.responses)),
    retentionRate: rateOf(tally.figures.renewed, tally.figures.upForRenewal),
  });

  const ids = [...agents.keys()].filter((id) => id !== UNASSIGNED);
  const names = new Map(
    (await userNames(db, ids)).map((user) => [
      user.id,
      userDisplayName({ firstName: user.first_name, lastName: user.last_name, email: user.email }),
    ]),
  );
  const byAgent: AgentFigures[] = [...agents].map(([id, tally]) => ({
    agentId: id === UNASSIGNED ? null : id,
    name: id === UNASSIGNED ? "Unassigned" : (names.get(id) ?? "Former staff member"),
    figures: finish(tally),
  }));
  byAgent.sort(
    (a, b) =>
      Number(a.agentId === null) - Number(b.agentId === null) ||
      b.figures.leadsIn - a.figures.leadsIn ||
      a.name.localeCompare(b.name),
  );
  const bySource: SourceFigures[] = [...sources].map(([key, tally]) => {
    const info = sourceInfo.get(key) ?? sourceKeyOf(null, null);
    return { ...info, figures: finish(tally) };
  });
  bySource.sort((a, b) => b.figures.leadsIn - a.figures.leadsIn || a.label.localeCompare(b.label));

  return { from, to, totals: finish(total), byAgent, bySource };
}

/** The report as CSV rows: one per total, agent and source, every figure a column. */
export const REPORT_CSV_HEADER = [
  "group",
  "name",
  "from",
  "to",
  "leads in",
  "quotes",
  "won",
  "lost",
  "conversion rate %",
  "responded",
  "median first response (business minutes)",
  "policies issued",
  "new annual premium",
  "up for renewal",
  "renewed",
  "retention rate %",
] as const;

const percent = (rate: number | null) => (rate === null ? "" : Math.round(rate * 1000) / 10);

/** Cents as dollars with two decimals, made from the integer (never through a float's rounding). */
export function centsText(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

export function reportCsvRows(report: Report): (readonly unknown[])[] {
  const row = (group: string, name: string, f: Figures) => [
    group,
    name,
    report.from,
    report.to,
    f.leadsIn,
    f.quotes,
    f.won,
    f.lost,
    percent(f.conversionRate),
    f.responded,
    f.medianFirstResponseSeconds === null ? "" : Math.round(f.medianFirstResponseSeconds / 60),
    f.policiesIssued,
    centsText(f.newPremiumCents),
    f.upForRenewal,
    f.renewed,
    percent(f.retentionRate),
  ];
  return [
    row("total", "All", report.totals),
    ...report.byAgent.map((agent) => row("agent", agent.name, agent.figures)),
    ...report.bySource.map((source) => row("source", source.label, source.figures)),
  ];
}
