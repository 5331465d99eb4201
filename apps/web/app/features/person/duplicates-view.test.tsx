import { API_ENDPOINTS, type DuplicateGroup, type Person, type User } from "@agency/domain";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderInDashboard, STAFF_USER } from "../../test/render-in-dashboard";
import { failure, stubFetch } from "../../test/stub-fetch";
import { DuplicatesView } from "./duplicates-view";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const person = (id: string, email: string, phone = ""): Person => ({
  _id: id,
  firstName: "Ana",
  lastName: "Lind",
  email,
  phone,
  mailingAddress: { street: "", city: "", state: "", zip: "55101" },
  preferredContact: null,
  notes: "",
  createdAt: "2026-11-02T15:00:00.000Z",
  updatedAt: "2026-11-02T15:00:00.000Z",
  leadCounts: { quotes: 1, contacts: 0, appointments: 0 },
  latestAt: "2026-11-20T15:00:00.000Z",
});
const ANA = person("p1", "ana@example.com");
const TWIN = person("p2", "ana.l@example.com", "6125550102");
const AGENT: User = { ...STAFF_USER, _id: "u2", role: ["Agent"], isAdmin: false };

let server: ReturnType<typeof stubFetch>;
let groups: DuplicateGroup[];
let total: number;
beforeEach(() => {
  server = stubFetch();
  window.localStorage.clear();
  groups = [{ reason: "same-name-and-zip", size: 2, people: [ANA, TWIN] }];
  total = 1;
  server.on(API_ENDPOINTS.people.duplicateGroups, () => ({
    body: { success: true, data: groups, total, limit: 25, offset: 0 },
  }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const open = async (user: User = STAFF_USER, url = "/dashboard/people/duplicates") => {
  const rendered = renderInDashboard(server, <DuplicatesView />, { url, user });
  await waitFor(() =>
    expect(server.requestsTo(API_ENDPOINTS.people.duplicateGroups)).toHaveLength(1),
  );
  return rendered;
};
const list = async () => screen.findByRole("list", { name: "Possible duplicates" });

describe("the Duplicates list", () => {
  it("shows each group with why, its people linked, and a page at a time", async () => {
    total = 30;
    await open(STAFF_USER, "/dashboard/people/duplicates?offset=25");
    const asked = server.requestsTo(API_ENDPOINTS.people.duplicateGroups)[0]?.url.searchParams;
    expect([asked?.get("limit"), asked?.get("offset")]).toEqual(["25", "25"]);
    const shown = await list();
    expect(within(shown).getByRole("heading", { level: 3 }).textContent).toBe(
      "Ana Lind · Same name and ZIP",
    );
    const links = within(shown).getAllByRole("link", { name: "Ana Lind" });
    expect(links.map((link) => link.getAttribute("href"))).toEqual([
      "/dashboard/people/p1",
      "/dashboard/people/p2",
    ]);
    expect(shown.textContent).toContain("(612) 555-0102");
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe(
      "30 groups of possible duplicates",
    );
    expect(screen.getByRole("navigation", { name: "Possible duplicates pages" })).toBeTruthy();
  });

  it("goes back to the last page there is when its page was emptied", async () => {
    groups = [];
    total = 3;
    await open(STAFF_USER, "/dashboard/people/duplicates?offset=50");
    groups = [{ reason: "same-name-and-zip", size: 2, people: [ANA, TWIN] }];
    await list();
    const asked = server.requestsTo(API_ENDPOINTS.people.duplicateGroups).at(-1)?.url.searchParams;
    expect(asked?.get("offset")).toBe("0");
  });

  it("says so when there are none", async () => {
    groups = [];
    total = 0;
    await open();
    expect(await screen.findByRole("heading", { name: "No possible duplicates" })).toBeTruthy();
  });

  it("offers no merge to an agent", async () => {
    await open(AGENT);
    expect(within(await list()).queryByRole("button")).toBeNull();
  });

  it("merges the other into the first after asking, reads the list again, and offers Undo", async () => {
    server.on(API_ENDPOINTS.people.merge, () => {
      groups = [];
      total = 0;
      return { body: { success: true, data: { mergeId: "m9", person: ANA } } };
    });
    server.on(API_ENDPOINTS.people.undoMerge, () => ({
      body: { success: true, data: { kept: ANA, restored: TWIN } },
    }));
    const { showToast } = await open();
    fireEvent.click(
      within(await list()).getByRole("button", {
        name: "Merge into Ana Lind (Ana Lind, ana.l@example.com)",
      }),
    );
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog.textContent).toContain("Merge Ana Lind into Ana Lind?");
    // Two people of one name: their emails tell which is kept.
    expect(dialog.textContent).toContain("KeptAna Lind (ana@example.com)");
    expect(dialog.textContent).toContain("Merged inAna Lind (ana.l@example.com)");
    fireEvent.click(within(dialog).getByRole("button", { name: "Merge" }));
    await waitFor(() => expect(showToast).toHaveBeenCalled());
    expect(server.requestsTo(API_ENDPOINTS.people.merge)[0]).toMatchObject({
      params: { id: "p1" },
      body: { otherId: "p2" },
    });
    expect(await screen.findByRole("heading", { name: "No possible duplicates" })).toBeTruthy();
    const [message, , action] = showToast.mock.calls[0] ?? [];
    expect(message).toBe("Ana Lind merged into Ana Lind.");
    action?.onAction();
    await waitFor(() => expect(server.requestsTo(API_ENDPOINTS.people.undoMerge)).toHaveLength(1));
  });

  it("shows a failure with Try Again", async () => {
    server.on(API_ENDPOINTS.people.duplicateGroups, () => failure(500, "Database unavailable"));
    await open();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("The possible duplicates could not be loaded");
    server.on(API_ENDPOINTS.people.duplicateGroups, () => ({
      body: { success: true, data: groups, total, limit: 25, offset: 0 },
    }));
    fireEvent.click(within(alert).getByRole("button", { name: "Try Again" }));
    await list();
  });
});
