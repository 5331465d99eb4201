import { API_ENDPOINTS, type Overview, type User } from "@agency/domain";
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderInDashboard, STAFF_USER } from "../../test/render-in-dashboard";
import { stubFetch } from "../../test/stub-fetch";
import { OverviewView } from "./overview-view";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const MANAGER: User = { ...STAFF_USER, _id: "u3", role: ["Manager"], isAdmin: false };
const AGENT: User = { ...STAFF_USER, _id: "u4", role: ["Agent"], isAdmin: false };

let server: ReturnType<typeof stubFetch>;
beforeEach(() => {
  server = stubFetch();
  window.localStorage.clear();
  // Each list's total of new leads (only `status=new` is asked for).
  const newTotal = (view: string, total: number) => (request: { url: URL }) => ({
    body: {
      success: true,
      [view]: [],
      total: request.url.searchParams.get("status") === "new" ? total : -1,
      limit: 1,
      offset: 0,
    },
  });
  server.on(API_ENDPOINTS.contacts.list, newTotal("contacts", 4));
  server.on(API_ENDPOINTS.quotes.list, newTotal("quotes", 1200));
  server.on(API_ENDPOINTS.appointments.list, newTotal("appointments", 0));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the overview's waiting-to-be-worked counts", () => {
  it.each([
    ["an administrator", STAFF_USER],
    ["a manager", MANAGER],
    ["an agent", AGENT],
  ])("are shown to %s, each a link to its new leads", async (_, user) => {
    renderInDashboard(server, <OverviewView />, { user });
    const section = await screen.findByRole("region", { name: "Waiting to be worked" });
    const messages = await within(section).findByRole("link", { name: /New messages\s*4/ });
    expect(messages.getAttribute("href")).toMatch(/\?status=new$/);
    expect(
      await within(section).findByRole("link", { name: /New quote requests\s*1,200/ }),
    ).toBeTruthy();
    expect(await within(section).findByRole("link", { name: /New bookings\s*0/ })).toBeTruthy();
  });
});

const TREND = { last30Days: 0, previous30Days: 0, changePercent: null };
function overview(attention: Overview["attention"]): Overview {
  return {
    counts: {
      quotes: 0,
      openQuotes: 0,
      contacts: 0,
      appointments: 0,
      policies: 0,
      settings: attention.length,
    },
    trends: { quotes: TREND, contacts: TREND, appointments: TREND, policies: TREND },
    recent: { quotes: [], contacts: [], appointments: [], policies: [] },
    daily: [],
    activity: [],
    attention,
    notifications: {
      total: 0,
      quotes: 0,
      contacts: 0,
      appointments: 0,
      since: "2026-11-01T00:00:00.000Z",
      items: [],
    },
  };
}

describe("the System Settings card", () => {
  it("lists the settings that need attention, each a link to Settings", async () => {
    server.on(
      API_ENDPOINTS.dashboard.overview,
      overview([
        {
          key: "mail",
          text: "Emails are not sent",
          detail: "No mail server (SMTP_URL) is set up.",
        },
        {
          key: "two-factor",
          text: "3 staff accounts sign in without two-factor",
          detail: "Two-factor sign-in is not required: require it in Settings.",
        },
      ]),
    );
    renderInDashboard(server, <OverviewView />);
    const card = (await screen.findByRole("heading", { name: "System Settings" })).closest(
      "article",
    ) as HTMLElement;
    expect(within(card).getByText("2 settings need attention")).toBeTruthy();
    const list = within(card).getByRole("list", { name: "Settings that need attention" });
    const links = within(list).getAllByRole("link");
    expect(links.map((link) => link.textContent)).toEqual([
      "Emails are not sent",
      "3 staff accounts sign in without two-factor",
    ]);
    expect(links.every((link) => link.getAttribute("href") === "/dashboard/settings")).toBe(true);
  });

  it("says when nothing needs attention", async () => {
    server.on(API_ENDPOINTS.dashboard.overview, overview([]));
    renderInDashboard(server, <OverviewView />);
    const card = (await screen.findByRole("heading", { name: "System Settings" })).closest(
      "article",
    ) as HTMLElement;
    expect(within(card).getByText("Nothing needs attention.")).toBeTruthy();
  });
});

describe("the Performance card (decision 0074)", () => {
  it("shows the last 30 days' conversion rate and median first response from the report", async () => {
    server.on(API_ENDPOINTS.dashboard.overview, overview([]));
    const figures = {
      leadsIn: 10,
      quotes: 4,
      won: 3,
      lost: 1,
      conversionRate: 0.75,
      responded: 8,
      medianFirstResponseSeconds: 5400,
      policiesIssued: 0,
      newPremiumCents: 0,
      upForRenewal: 0,
      renewed: 0,
      retentionRate: null,
    };
    server.on(API_ENDPOINTS.reports.figures, {
      success: true,
      data: { from: "2030-02-04", to: "2030-03-05", totals: figures, byAgent: [], bySource: [] },
    });
    renderInDashboard(server, <OverviewView />);
    const card = await screen.findByRole("region", { name: "Performance, last 30 days" });
    expect(await within(card).findByText("75.0%")).toBeTruthy();
    expect(within(card).getByText("3 won of 4 decided")).toBeTruthy();
    expect(within(card).getByText("1 h 30 min")).toBeTruthy();
    const query = server.requestsTo(API_ENDPOINTS.reports.figures)[0]?.url.searchParams;
    expect(query?.get("from")).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(within(card).getByRole("link", { name: "Open Reports" }).getAttribute("href")).toBe(
      "/dashboard/reports",
    );
  });
});
