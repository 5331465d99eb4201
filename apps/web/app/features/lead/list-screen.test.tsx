import { API_ENDPOINTS, CONTACT_ADMIN_MESSAGES, type ContactRecord } from "@agency/domain";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { announceNewLeads } from "../../lib/notification-events";
import { renderInDashboard } from "../../test/render-in-dashboard";
import { deferred, failure, type StubReply, stubFetch } from "../../test/stub-fetch";
import { ContactsView } from "./contacts/contacts-view";
import { QuotesView } from "./quotes/quotes-view";
import { PAGE_SIZE } from "./use-lead-list";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const contact = (n: number): ContactRecord => ({
  _id: `c${n}`,
  createdAt: "2026-11-20T15:00:00.000Z",
  status: "new",
  statusChangedAt: "2026-11-20T15:00:00.000Z",
  archivedAt: null,
  source: "web",
  personId: null,
  assignedTo: null,
  followUpOn: null,
  nextTaskAt: null,
  firstTouch: null,
  firstResponseAt: null,
  lostReason: null,
  lostDetail: null,
  firstName: "Pat",
  lastName: `Olson ${n}`,
  email: `pat${n}@example.com`,
  phone: "6125550199",
  subject: "general",
  message: `Message number ${n}`,
});

/** The contacts list answer for one page of `total` messages, from `offset`. */
const contactsPage = (offset: number, total: number) => {
  const count = Math.max(0, Math.min(PAGE_SIZE, total - offset));
  return {
    contacts: Array.from({ length: count }, (_, i) => contact(offset + i + 1)),
    total,
    limit: PAGE_SIZE,
    offset,
  };
};

let server: ReturnType<typeof stubFetch>;
beforeEach(() => {
  server = stubFetch();
  window.localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const lists = () => server.requestsTo(API_ENDPOINTS.contacts.list);

describe("the list screen (contact messages)", () => {
  it("shows the loading state until the first page arrives", async () => {
    const answer = deferred<StubReply>();
    server.on(API_ENDPOINTS.contacts.list, () => answer.promise);
    renderInDashboard(server, <ContactsView />, { url: "/dashboard/contacts" });

    expect(await screen.findByRole("status")).toHaveProperty("textContent", "Loading contacts…");
    answer.resolve({ body: contactsPage(0, 1) });
    expect(await screen.findByRole("list", { name: "Contacts" })).toBeTruthy();
    expect(screen.queryByText("Loading contacts…")).toBeNull();
  });

  it("says so when there is nothing, and offers Clear Search when a search finds nothing", async () => {
    server.on(API_ENDPOINTS.contacts.list, contactsPage(0, 0));
    renderInDashboard(server, <ContactsView />, { url: "/dashboard/contacts" });
    expect(await screen.findByRole("heading", { name: CONTACT_ADMIN_MESSAGES.empty })).toBeTruthy();
    expect(
      screen.getByText("Messages sent through the contact form will appear here."),
    ).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Clear Search" })).toBeNull();
    cleanup();

    renderInDashboard(server, <ContactsView />, { url: "/dashboard/contacts?q=zed" });
    expect(await screen.findByRole("heading", { name: "No matching contacts" })).toBeTruthy();
    expect(screen.getByText("No message matches “zed”.")).toBeTruthy();
    expect(lists().at(-1)?.url.searchParams.get("q")).toBe("zed");
    fireEvent.click(screen.getByRole("button", { name: "Clear Search" }));
    await waitFor(() => expect(lists().at(-1)?.url.searchParams.has("q")).toBe(false));
  });

  it("shows a failure with Try Again, which loads the page again", async () => {
    server.on(API_ENDPOINTS.contacts.list, () => failure(500, "The database is asleep"));
    const { showToast } = renderInDashboard(server, <ContactsView />, {
      url: "/dashboard/contacts",
    });

    const alert = await screen.findByRole("alert");
    expect(within(alert).getByRole("heading").textContent).toBe(
      CONTACT_ADMIN_MESSAGES.loadErrorTitle,
    );
    expect(alert.textContent).toContain("The database is asleep");
    expect(showToast).toHaveBeenCalledWith(CONTACT_ADMIN_MESSAGES.loadFailed, "error");
    const before = lists().length;

    server.on(API_ENDPOINTS.contacts.list, contactsPage(0, 1));
    fireEvent.click(within(alert).getByRole("button", { name: "Try Again" }));
    expect(await screen.findByRole("list", { name: "Contacts" })).toBeTruthy();
    expect(lists().length).toBe(before + 1);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows one message with its count, and no pager beyond 1–1 of 1", async () => {
    server.on(API_ENDPOINTS.contacts.list, contactsPage(0, 1));
    renderInDashboard(server, <ContactsView />, { url: "/dashboard/contacts" });

    const list = await screen.findByRole("list", { name: "Contacts" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(1);
    expect(within(list).getByRole("link", { name: "Pat Olson 1" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe(
      "Contact Messages1 messages",
    );
    const pager = screen.getByRole("navigation", { name: "Contacts pages" });
    expect(pager.textContent).toContain("1–1 of 1");
    expect(within(pager).getByRole("button", { name: "Next" })).toHaveProperty("disabled", true);
    // The query the screen sent: the first page, newest first.
    expect(Object.fromEntries(lists()[0]?.url.searchParams ?? [])).toEqual({
      limit: String(PAGE_SIZE),
      offset: "0",
      sort: "date:desc",
    });
  });

  it("pages through a long list on the server", async () => {
    server.on(API_ENDPOINTS.contacts.list, (request) => ({
      body: contactsPage(Number(request.url.searchParams.get("offset")), 60),
    }));
    renderInDashboard(server, <ContactsView />, { url: "/dashboard/contacts" });

    const list = await screen.findByRole("list", { name: "Contacts" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(PAGE_SIZE);
    expect(screen.getByRole("region", { name: "Contacts 1 to 25 of 60" })).toBeTruthy();
    const pager = screen.getByRole("navigation", { name: "Contacts pages" });
    expect(within(pager).getByRole("button", { name: "Prev" })).toHaveProperty("disabled", true);

    fireEvent.click(within(pager).getByRole("button", { name: "Next" }));
    expect(await screen.findByRole("region", { name: "Contacts 26 to 50 of 60" })).toBeTruthy();
    expect(lists().at(-1)?.url.searchParams.get("offset")).toBe("25");
    expect(screen.getByRole("link", { name: "Pat Olson 26" })).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByRole("region", { name: "Contacts 51 to 60 of 60" })).toBeTruthy();
    expect(
      within(screen.getByRole("list", { name: "Contacts" })).getAllByRole("listitem"),
    ).toHaveLength(10);
    expect(screen.getByRole("button", { name: "Next" })).toHaveProperty("disabled", true);
  });
});

describe("a lead that arrives while a list is open (issue 27 §2)", () => {
  it("is announced on its own kind's list, and Show brings it in; from a later page, to the first", async () => {
    server.on(API_ENDPOINTS.contacts.list, (request) => ({
      body: contactsPage(Number(request.url.searchParams.get("offset")), 60),
    }));
    renderInDashboard(server, <ContactsView />, { url: "/dashboard/contacts?page=2" });
    expect(await screen.findByRole("list", { name: "Contacts" })).toBeTruthy();
    const loads = lists().length;

    act(() => announceNewLeads(["quote", "appointment"]));
    expect(screen.queryByText("New messages have arrived.")).toBeNull();
    act(() => announceNewLeads(["contact"]));
    expect(screen.getByText("New messages have arrived.")).toBeTruthy();
    // Nothing is reloaded under the reader's eyes.
    expect(lists().length).toBe(loads);

    fireEvent.click(screen.getByRole("button", { name: "Show new messages" }));
    await waitFor(() => expect(lists().length).toBe(loads + 1));
    expect(lists().at(-1)?.url.searchParams.get("offset")).toBe("0");
    expect(screen.queryByText("New messages have arrived.")).toBeNull();

    act(() => announceNewLeads(["contact"]));
    fireEvent.click(await screen.findByRole("button", { name: "Show new messages" }));
    await waitFor(() => expect(lists().length).toBe(loads + 2));
    expect(lists().at(-1)?.url.searchParams.get("offset")).toBe("0");
  });
});

describe("the list screen, configured for quotes", () => {
  it("names the quotes' failure and counts what it found", async () => {
    server.on(API_ENDPOINTS.quotes.list, () => failure(503, "Try later"));
    renderInDashboard(server, <QuotesView />, { url: "/dashboard/quotes" });
    expect((await screen.findByRole("alert")).textContent).toContain("Try later");
    expect(screen.getByRole("searchbox", { name: "Search quotes" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Export CSV" })).toBeTruthy();
  });
});
