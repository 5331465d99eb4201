import { API_ENDPOINTS } from "@agency/domain";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { axeProblems } from "../../test/axe";
import { renderInDashboard } from "../../test/render-in-dashboard";
import { stubFetch } from "../../test/stub-fetch";
import { listQueryOf, PrivacyRequestsView } from "./privacy-list";
import { privacyRequest } from "./test-requests";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

let server: ReturnType<typeof stubFetch>;
beforeEach(() => {
  server = stubFetch();
  window.localStorage.clear();
  server.on(API_ENDPOINTS.privacyRequests.list, {
    success: true,
    data: [
      privacyRequest({
        _id: "0190a0b0-0000-7000-8000-00000000000a",
        name: "Olga Older",
        overdue: true,
        dueOn: "2026-11-12",
        kind: "delete",
      }),
      privacyRequest(),
    ],
    total: 2,
    limit: 25,
    offset: 0,
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the privacy request list", () => {
  it("lists requests by due date with their kind, status and overdue in words", async () => {
    const { container } = renderInDashboard(server, <PrivacyRequestsView />, {
      url: "/dashboard/privacy",
    });
    const list = await screen.findByRole("list", { name: "Privacy requests" });
    const items = within(list).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[0]?.textContent).toContain("Olga Older");
    expect(items[0]?.textContent).toContain("Delete my information");
    expect(items[0]?.textContent).toContain("Overdue");
    expect(items[1]?.textContent).not.toContain("Overdue");
    expect(items[1]?.textContent).toContain("Jan 6, 2027");
    expect(
      within(items[1] as HTMLElement)
        .getByRole("link", { name: "Maria Lindqvist" })
        .getAttribute("href"),
    ).toBe("/dashboard/privacy/0190a0b0-0000-7000-8000-000000000001");
    const [first] = server.requestsTo(API_ENDPOINTS.privacyRequests.list);
    expect(first?.url.searchParams.get("limit")).toBe("25");
    expect(await axeProblems(container)).toEqual([]);
  });

  it("asks again with the filters from the address", async () => {
    renderInDashboard(server, <PrivacyRequestsView />, { url: "/dashboard/privacy" });
    await screen.findByRole("list", { name: "Privacy requests" });
    fireEvent.click(screen.getByRole("checkbox", { name: "Only overdue requests" }));
    await waitFor(() => {
      const last = server.requestsTo(API_ENDPOINTS.privacyRequests.list).at(-1);
      expect(last?.url.searchParams.get("overdue")).toBe("true");
    });
    fireEvent.change(screen.getByLabelText("Request"), { target: { value: "correct" } });
    await waitFor(() => {
      const last = server.requestsTo(API_ENDPOINTS.privacyRequests.list).at(-1);
      expect(last?.url.searchParams.get("kind")).toBe("correct");
      expect(last?.url.searchParams.get("overdue")).toBe("true");
    });
  });

  it("reads only known filters from the address", () => {
    expect(
      listQueryOf(
        new URLSearchParams("q=ann&status=lost&kind=delete&overdue=true&sort=name&offset=25"),
      ),
    ).toEqual({ limit: 25, q: "ann", kind: "delete", overdue: "true", offset: 25 });
  });

  it("says so when nothing is listed", async () => {
    server.on(API_ENDPOINTS.privacyRequests.list, {
      success: true,
      data: [],
      total: 0,
      limit: 25,
      offset: 0,
    });
    renderInDashboard(server, <PrivacyRequestsView />, { url: "/dashboard/privacy" });
    expect(await screen.findByText("No privacy requests")).toBeTruthy();
  });
});
