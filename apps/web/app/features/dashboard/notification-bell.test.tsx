import { API_ENDPOINTS, type ServiceDueItem } from "@agency/domain";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderInDashboard } from "../../test/render-in-dashboard";
import { stubFetch } from "../../test/stub-fetch";
import { NotificationBell } from "./notification-bell";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const counts = (total: number) => ({
  total,
  quotes: total,
  contacts: 0,
  appointments: 0,
  since: "2030-03-01T00:00:00.000Z",
  items: Array.from({ length: total }, (_, i) => ({
    type: "quote" as const,
    _id: `q${i}`,
    name: `Quote Person ${i}`,
    detail: "Auto quote",
    createdAt: "2030-03-05T15:00:00.000Z",
  })),
});
const request = (id: string, extra: Partial<ServiceDueItem> = {}): ServiceDueItem => ({
  _id: id,
  reference: `SR-2030-00000${id.slice(-1)}`,
  kind: "id-cards",
  name: "Ana Núñez",
  status: "new",
  dueOn: "2030-03-05",
  state: "due-today",
  assignedTo: "u1",
  ...extra,
});

let server: ReturnType<typeof stubFetch>;
beforeEach(() => {
  server = stubFetch();
  window.localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the notification bell", () => {
  it("counts the caller's requests due with the unread leads and links each to its page", async () => {
    server.on(API_ENDPOINTS.dashboard.notifications, counts(2));
    server.on(API_ENDPOINTS.service.due, {
      success: true,
      today: "2030-03-05",
      mine: [
        request("r1"),
        request("r2", { state: "overdue", kind: "claim", dueOn: "2030-03-01" }),
      ],
      unowned: [request("r3", { assignedTo: null, name: "Lee Vang" })],
    });
    renderInDashboard(server, <NotificationBell />);
    const bell = await screen.findByRole("button", {
      name: "Notifications, 2 unread items, 3 requests due",
    });
    expect(screen.getByTestId("notification-badge").textContent).toBe("5");
    fireEvent.click(bell);
    const due = await screen.findByRole("region", { name: "Requests due" });
    const mine = within(due).getByRole("list", { name: "My requests due" });
    const links = within(mine).getAllByRole("link");
    expect(links.map((link) => link.getAttribute("href"))).toEqual([
      "/dashboard/service/r1",
      "/dashboard/service/r2",
    ]);
    expect(links[0]?.textContent).toContain("SR-2030-000001 Ana Núñez");
    expect(links[0]?.textContent).toContain("ID cards");
    expect(links[0]?.textContent).toContain("Due today");
    expect(links[1]?.textContent).toContain("Claim notice");
    expect(links[1]?.textContent).toContain("Overdue");
    const unowned = within(due).getByRole("list", { name: "Requests due without an owner" });
    expect(within(unowned).getByRole("link").textContent).toContain("Lee Vang");
  });

  it("keeps the unread count alone when no request is due, or the requests cannot be read", async () => {
    server.on(API_ENDPOINTS.dashboard.notifications, counts(1));
    server.on(API_ENDPOINTS.service.due, {
      success: true,
      today: "2030-03-05",
      mine: [],
      unowned: [],
    });
    renderInDashboard(server, <NotificationBell />);
    const bell = await screen.findByRole("button", { name: "Notifications, 1 unread item" });
    expect(screen.getByTestId("notification-badge").textContent).toBe("1");
    fireEvent.click(bell);
    expect(screen.queryByRole("region", { name: "Requests due" })).toBeNull();
    cleanup();

    const failing = stubFetch();
    failing.on(API_ENDPOINTS.dashboard.notifications, counts(0));
    renderInDashboard(failing, <NotificationBell />);
    expect(
      await screen.findByRole("button", { name: "Notifications, no unread items" }),
    ).toBeTruthy();
    expect(screen.queryByTestId("notification-badge")).toBeNull();
  });
});
