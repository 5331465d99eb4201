import { API_ENDPOINTS, type Person, type User } from "@agency/domain";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderInDashboard, STAFF_USER } from "../../test/render-in-dashboard";
import { failure, stubFetch } from "../../test/stub-fetch";
import { PAGE_SIZE } from "../lead";
import { PeopleView } from "./people-view";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const person = (n: number, change: Partial<Person> = {}): Person => ({
  _id: `p${n}`,
  firstName: "Ann",
  lastName: `Lee ${n}`,
  email: `ann${n}@example.com`,
  phone: "6125550100",
  mailingAddress: { street: "", city: "", state: "", zip: "" },
  preferredContact: null,
  notes: "",
  createdAt: "2026-11-02T15:00:00.000Z",
  updatedAt: "2026-11-02T15:00:00.000Z",
  leadCounts: { quotes: 2, contacts: 1, appointments: 0 },
  latestAt: "2026-11-20T15:00:00.000Z",
  ...change,
});

const page = (offset: number, total: number, people?: Person[]) => {
  const count = Math.max(0, Math.min(PAGE_SIZE, total - offset));
  return {
    success: true as const,
    data: people ?? Array.from({ length: count }, (_, i) => person(offset + i + 1)),
    total,
    limit: PAGE_SIZE,
    offset,
  };
};

const AGENT: User = { ...STAFF_USER, _id: "u2", role: ["Agent"], isAdmin: false };

let server: ReturnType<typeof stubFetch>;
beforeEach(() => {
  server = stubFetch();
  window.localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const lists = () => server.requestsTo(API_ENDPOINTS.people.list);
const lastQuery = () => Object.fromEntries(lists().at(-1)?.url.searchParams ?? []);

describe("the people list", () => {
  it("shows each person: a link to their page, email, tap-to-call phone, lead counts, latest", async () => {
    server.on(
      API_ENDPOINTS.people.list,
      page(0, 2, [
        person(1),
        person(2, {
          email: "",
          phone: "",
          leadCounts: { quotes: 0, contacts: 0, appointments: 1 },
        }),
      ]),
    );
    renderInDashboard(server, <PeopleView />, { url: "/dashboard/people" });

    const list = await screen.findByRole("list", { name: "People" });
    const [first, second] = within(list).getAllByRole("listitem") as [HTMLElement, HTMLElement];
    expect(within(first).getByRole("link", { name: "Ann Lee 1" }).getAttribute("href")).toBe(
      "/dashboard/people/p1",
    );
    expect(within(first).getByRole("link", { name: "ann1@example.com" })).toBeTruthy();
    expect(within(first).getByRole("link", { name: "(612) 555-0100" }).getAttribute("href")).toBe(
      "tel:+16125550100",
    );
    expect(first.textContent).toContain("2 quotes, 1 message");
    expect(first.textContent).toContain("Latest Nov 20, 2026");
    expect(second.textContent).toContain("No email");
    expect(second.textContent).toContain("No phone");
    expect(second.textContent).toContain("1 appointment");
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("People2 people");
    // The first page, latest activity first, and nothing the people route does not take.
    expect(lastQuery()).toEqual({ limit: String(PAGE_SIZE), offset: "0", sort: "latest:desc" });
    // The lead lists' filters are not offered here.
    expect(screen.queryByLabelText("Status")).toBeNull();
    expect(screen.queryByLabelText("Assigned")).toBeNull();
  });

  it("searches, filters by a kind of lead, sorts and pages on the server", async () => {
    server.on(API_ENDPOINTS.people.list, (request) => ({
      body: page(Number(request.url.searchParams.get("offset")), 30),
    }));
    renderInDashboard(server, <PeopleView />, { url: "/dashboard/people" });
    await screen.findByRole("list", { name: "People" });

    fireEvent.change(screen.getByRole("searchbox", { name: /Search people/ }), {
      target: { value: "612 555" },
    });
    await waitFor(() => expect(lastQuery().q).toBe("612 555"));

    fireEvent.change(screen.getByLabelText("Leads"), { target: { value: "quote" } });
    await waitFor(() => expect(lastQuery().has).toBe("quote"));

    fireEvent.change(screen.getByLabelText("Sort by"), { target: { value: "name:asc" } });
    await waitFor(() => expect(lastQuery()).toMatchObject({ sort: "name:asc", has: "quote" }));

    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByRole("region", { name: "People 26 to 30 of 30" })).toBeTruthy();
    expect(lastQuery()).toMatchObject({ offset: "25", q: "612 555", has: "quote" });
  });

  it("opens from an address with its search and filter, and says when nothing matches", async () => {
    server.on(API_ENDPOINTS.people.list, page(0, 0));
    renderInDashboard(server, <PeopleView />, {
      url: "/dashboard/people?q=zed&has=appointment&status=new",
    });
    expect(await screen.findByText("No person matches this search or filter.")).toBeTruthy();
    expect(lastQuery()).toMatchObject({ q: "zed", has: "appointment" });
    expect(lastQuery().status).toBeUndefined();
    fireEvent.click(screen.getByRole("button", { name: "Clear Search" }));
    await waitFor(() => expect(lastQuery().has).toBeUndefined());
    expect(lastQuery().q).toBeUndefined();
  });

  it("exports the searched and filtered people as CSV for staff who may export", async () => {
    server.on(API_ENDPOINTS.people.list, page(0, 1));
    server.on(API_ENDPOINTS.people.export, () => ({ body: "name\n" }));
    URL.createObjectURL = vi.fn(() => "blob:people");
    URL.revokeObjectURL = vi.fn();
    renderInDashboard(server, <PeopleView />, { url: "/dashboard/people?q=lee&has=quote" });
    await screen.findByRole("list", { name: "People" });

    fireEvent.click(screen.getByRole("button", { name: "Export CSV" }));
    await waitFor(() => expect(server.requestsTo(API_ENDPOINTS.people.export)).toHaveLength(1));
    const exported = server.requestsTo(API_ENDPOINTS.people.export)[0];
    expect(Object.fromEntries(exported?.url.searchParams ?? [])).toEqual({
      q: "lee",
      has: "quote",
      sort: "latest:desc",
    });
  });

  it("offers no Export CSV to an agent, and shows a failure with Try Again", async () => {
    server.on(API_ENDPOINTS.people.list, () => failure(503, "The database is asleep"));
    renderInDashboard(server, <PeopleView />, { url: "/dashboard/people", user: AGENT });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("The database is asleep");
    expect(screen.queryByRole("button", { name: "Export CSV" })).toBeNull();

    server.on(API_ENDPOINTS.people.list, page(0, 1));
    fireEvent.click(within(alert).getByRole("button", { name: "Try Again" }));
    expect(await screen.findByRole("link", { name: "Ann Lee 1" })).toBeTruthy();
  });
});
