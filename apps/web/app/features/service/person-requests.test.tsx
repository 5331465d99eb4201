import { API_ENDPOINTS } from "@agency/domain";
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { axeProblems } from "../../test/axe";
import { renderInDashboard } from "../../test/render-in-dashboard";
import { failure, stubFetch } from "../../test/stub-fetch";
import { PersonRequestsPanel } from "./person-requests";
import { dayFromToday, serviceRequest } from "./test-requests";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

let server: ReturnType<typeof stubFetch>;
beforeEach(() => {
  server = stubFetch();
  window.localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("a person's service requests", () => {
  it("lists reference, kind, status and due by, each linking to the request's page", async () => {
    server.on(API_ENDPOINTS.service.ofPerson, {
      success: true,
      data: [
        serviceRequest({ _id: "s9", reference: "SR-2026-000050", kind: "certificate" }),
        serviceRequest({ status: "done", dueOn: dayFromToday(-3) }),
      ],
    });
    const { container } = renderInDashboard(
      server,
      <PersonRequestsPanel personId="p1" owner="Maria Lindqvist" />,
    );
    const list = await screen.findByRole("list", { name: "Service requests of Maria Lindqvist" });
    expect(server.requestsTo(API_ENDPOINTS.service.ofPerson)[0]?.params).toEqual({ id: "p1" });
    const [open, done] = within(list).getAllByRole("listitem") as [HTMLElement, HTMLElement];
    expect(within(open).getByRole("link", { name: "SR-2026-000050" }).getAttribute("href")).toBe(
      "/dashboard/service/s9",
    );
    expect(within(open).getByText("Certificate of insurance")).toBeTruthy();
    expect(within(open).getByText("New")).toBeTruthy();
    expect(within(open).getByText("Overdue")).toBeTruthy();
    expect(within(done).getByRole("link", { name: "SR-2026-000042" }).getAttribute("href")).toBe(
      "/dashboard/service/s1",
    );
    expect(within(done).getByText("Claim notice")).toBeTruthy();
    expect(within(done).getByText("Done")).toBeTruthy();
    expect(within(done).queryByText("Overdue")).toBeNull();
    expect(await axeProblems(container)).toEqual([]);
  });

  it("says when there are none, and when they could not be read", async () => {
    server.on(API_ENDPOINTS.service.ofPerson, { success: true, data: [] });
    renderInDashboard(server, <PersonRequestsPanel personId="p1" owner="Maria Lindqvist" />);
    expect(await screen.findByText("No service requests.")).toBeTruthy();
    cleanup();

    server.on(API_ENDPOINTS.service.ofPerson, () => failure(500, "The database is asleep"));
    renderInDashboard(server, <PersonRequestsPanel personId="p1" owner="Maria Lindqvist" />);
    expect((await screen.findByRole("alert")).textContent).toBe(
      "The requests could not be loaded: The database is asleep",
    );
  });
});
