import { API_ENDPOINTS, type ServiceRecord } from "@agency/domain";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { axeProblems } from "../../test/axe";
import { renderInDashboard } from "../../test/render-in-dashboard";
import { stubFetch } from "../../test/stub-fetch";
import { ServiceView } from "./service-list";
import { dayFromToday, serviceRequest } from "./test-requests";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

/** The address's query, where the test can read it. */
function Address() {
  const { search } = useLocation();
  return <output data-testid="address">{search}</output>;
}

const page = (items: ServiceRecord[]) => ({
  success: true as const,
  data: items,
  total: items.length,
  limit: 25,
  offset: 0,
});

const REQUESTS = [
  serviceRequest(),
  serviceRequest({
    _id: "s2",
    reference: "SR-2026-000043",
    kind: "policy-change",
    name: "Olaf Berg",
    personId: null,
    carrier: "Not sure",
    policyNumber: "",
    status: "in-progress",
    assignedTo: "u1",
    dueOn: dayFromToday(0),
    details: { changeType: "add-driver", effectiveDate: "2026-12-01", details: "My son." },
    attachments: [],
  }),
  serviceRequest({
    _id: "s3",
    reference: "SR-2026-000040",
    kind: "id-cards",
    status: "done",
    dueOn: dayFromToday(-5),
  }),
];

let server: ReturnType<typeof stubFetch>;
beforeEach(() => {
  server = stubFetch();
  window.localStorage.clear();
  server.on(API_ENDPOINTS.leadWork.assignable, { success: true, data: [] });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const lists = () => server.requestsTo(API_ENDPOINTS.service.list);
const rowOf = (reference: string) =>
  screen.getByRole("link", { name: reference }).closest("tr") as HTMLElement;

describe("the service request list", () => {
  it("shows kind, reference, person, policy, status, assignee and due by, with overdue marked", async () => {
    server.on(API_ENDPOINTS.service.list, page(REQUESTS));
    const { container } = renderInDashboard(server, <ServiceView />, {
      url: "/dashboard/service",
    });
    const table = await screen.findByRole("table", { name: "Service requests" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual([
      "Reference",
      "Kind",
      "Person",
      "Policy",
      "Status",
      "Assigned to",
      "Due by",
      "Actions",
    ]);
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe(
      "Service Requests3 requests",
    );

    const overdue = rowOf("SR-2026-000042");
    expect(within(overdue).getByRole("link", { name: "SR-2026-000042" }).getAttribute("href")).toBe(
      "/dashboard/service/s1",
    );
    expect(within(overdue).getByText("Claim notice")).toBeTruthy();
    expect(
      within(overdue)
        .getByRole("link", { name: /Maria Lindqvist/ })
        .getAttribute("href"),
    ).toBe("/dashboard/people/p1");
    expect(within(overdue).getByText("Acme Mutual · AU-12345")).toBeTruthy();
    expect(within(overdue).getByText("Overdue")).toBeTruthy();
    expect(within(overdue).getByText("Unassigned")).toBeTruthy();
    expect(
      (within(overdue).getByLabelText(/^Status/) as HTMLSelectElement).selectedOptions[0]
        ?.textContent,
    ).toBe("New");

    const today = rowOf("SR-2026-000043");
    expect(within(today).getByText("Policy change")).toBeTruthy();
    // No person yet: the name, not a link.
    expect(within(today).queryByRole("link", { name: /Olaf Berg/ })).toBeNull();
    expect(within(today).getByText("Olaf Berg")).toBeTruthy();
    expect(within(today).getByText("Not sure")).toBeTruthy();
    expect(within(today).getByText("Due today")).toBeTruthy();
    expect(within(today).queryByText("Overdue")).toBeNull();
    expect(within(today).getByText("You")).toBeTruthy();
    expect(
      (within(today).getByLabelText(/^Status/) as HTMLSelectElement).selectedOptions[0]
        ?.textContent,
    ).toBe("In progress");

    // Done: its due date has passed, but nothing is overdue any more.
    const done = rowOf("SR-2026-000040");
    expect(within(done).queryByText("Overdue")).toBeNull();
    expect(within(done).queryByText("Due today")).toBeNull();

    expect(await axeProblems(container)).toEqual([]);
  });

  it("shows cards on a phone, with the same facts and overdue marked", async () => {
    const happy = (window as unknown as { happyDOM: { setViewport: (v: object) => void } })
      .happyDOM;
    happy.setViewport({ width: 375, height: 800 });
    try {
      server.on(API_ENDPOINTS.service.list, page(REQUESTS.slice(0, 2)));
      const { container } = renderInDashboard(server, <ServiceView />, {
        url: "/dashboard/service",
      });
      const cards = await screen.findByRole("list", { name: "Service requests" });
      expect(screen.queryByRole("table")).toBeNull();
      const [overdue, today] = within(cards).getAllByRole("listitem") as [HTMLElement, HTMLElement];
      expect(within(overdue).getByRole("heading", { level: 3 }).textContent).toBe("SR-2026-000042");
      expect(overdue.textContent).toContain("Claim notice");
      expect(overdue.textContent).toContain("Acme Mutual · AU-12345");
      expect(within(overdue).getByText("Overdue")).toBeTruthy();
      expect(within(today).getByText("Due today")).toBeTruthy();
      expect(within(today).getByText("You")).toBeTruthy();
      expect(await axeProblems(container)).toEqual([]);
    } finally {
      happy.setViewport({ width: 1024, height: 768 });
    }
  });

  it("keeps search, filters, sort and page in the address, and asks the server for them", async () => {
    server.on(API_ENDPOINTS.service.list, page(REQUESTS.slice(0, 1)));
    renderInDashboard(
      server,
      <>
        <ServiceView />
        <Address />
      </>,
      { url: "/dashboard/service?status=waiting-on-client&assigned=me&q=lindqvist" },
    );
    await screen.findByRole("table", { name: "Service requests" });
    const first = lists()[0]?.url.searchParams;
    expect(first?.get("status")).toBe("waiting-on-client");
    expect(first?.get("assigned")).toBe("me");
    expect(first?.get("q")).toBe("lindqvist");
    const status = screen.getByLabelText("Status") as HTMLSelectElement;
    expect(status.selectedOptions[0]?.textContent).toBe("Waiting on client");
    expect([...status.options].map((option) => option.textContent)).toEqual([
      "All statuses",
      "New",
      "In progress",
      "Waiting on carrier",
      "Waiting on client",
      "Done",
    ]);

    fireEvent.change(status, { target: { value: "done" } });
    await waitFor(() => expect(screen.getByTestId("address").textContent).toContain("status=done"));
    await waitFor(() => expect(lists().at(-1)?.url.searchParams.get("status")).toBe("done"));

    fireEvent.change(screen.getByLabelText("Received"), { target: { value: "this-week" } });
    await waitFor(() =>
      expect(screen.getByTestId("address").textContent).toContain("received=this-week"),
    );
    fireEvent.change(screen.getByLabelText("Show"), { target: { value: "archived" } });
    await waitFor(() => expect(lists().at(-1)?.url.searchParams.get("archived")).toBe("true"));
    expect(screen.getByTestId("address").textContent).toContain("archived=true");

    fireEvent.change(screen.getByLabelText("Sort by"), { target: { value: "due" } });
    await waitFor(() => expect(lists().at(-1)?.url.searchParams.get("sort")).toBe("due:desc"));
  });

  it("exports the filtered list as CSV through the service export route", async () => {
    server.on(API_ENDPOINTS.service.list, page(REQUESTS));
    server.on(API_ENDPOINTS.service.export, () => ({ body: "reference\n" }));
    renderInDashboard(server, <ServiceView />, { url: "/dashboard/service?status=new" });
    await screen.findByRole("table", { name: "Service requests" });
    const createObjectURL = vi.fn(() => "blob:x");
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    fireEvent.click(screen.getByRole("button", { name: "Export CSV" }));
    await waitFor(() => expect(server.requestsTo(API_ENDPOINTS.service.export)).toHaveLength(1));
    expect(server.requestsTo(API_ENDPOINTS.service.export)[0]?.url.searchParams.get("status")).toBe(
      "new",
    );
  });
});
