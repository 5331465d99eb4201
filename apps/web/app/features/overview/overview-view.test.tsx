import { API_ENDPOINTS } from "@agency/domain";
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderInDashboard, STAFF_USER } from "../../test/render-in-dashboard";
import { stubFetch } from "../../test/stub-fetch";
import { OverviewView } from "./overview-view";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const MANAGER = { ...STAFF_USER, _id: "u3", role: ["Manager"], isAdmin: false };
const AGENT = { ...STAFF_USER, _id: "u4", role: ["Agent"], isAdmin: false };

let server: ReturnType<typeof stubFetch>;
beforeEach(() => {
  server = stubFetch();
  window.localStorage.clear();
  const waiting = { contacts: 4, quotes: 1200, appointments: 0 } as const;
  for (const [view, total] of Object.entries(waiting)) {
    server.on(API_ENDPOINTS[view as keyof typeof waiting].list, (request) => ({
      body: {
        success: true,
        [view]: [],
        total: request.url.searchParams.get("status") === "new" ? total : -1,
        limit: 1,
        offset: 0,
      },
    }));
  }
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
