import {
  API_ENDPOINTS,
  PERSON_MERGE_MESSAGES,
  type Person,
  type PersonDuplicate,
  type PersonPage as PersonPageData,
  type User,
} from "@agency/domain";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderInDashboard, STAFF_USER } from "../../test/render-in-dashboard";
import { deferred, failure, stubFetch } from "../../test/stub-fetch";
import { PersonPage } from "./person-page";

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

const page = (): PersonPageData => ({
  person: ANA,
  timeline: [],
  timelineTotal: 0,
  household: null,
  emails: [],
});
// An Agent works leads but may not merge people (leads.archive is Manager and above).
const AGENT: User = { ...STAFF_USER, _id: "u2", role: ["Agent"], isAdmin: false };

let server: ReturnType<typeof stubFetch>;
let duplicates: PersonDuplicate[];
beforeEach(() => {
  server = stubFetch();
  window.localStorage.clear();
  duplicates = [{ person: TWIN, reasons: ["same-name-and-zip"] }];
  server.on(API_ENDPOINTS.people.one, () => ({ body: { success: true, data: page() } }));
  server.on(API_ENDPOINTS.people.emails, { success: true, data: [] });
  server.on(API_ENDPOINTS.people.duplicates, () => ({
    body: { success: true, data: duplicates },
  }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const open = async (user: User = STAFF_USER) => {
  const rendered = renderInDashboard(server, <PersonPage id="p1" />, {
    url: "/dashboard/people/p1",
    user,
  });
  await screen.findByRole("heading", { level: 2, name: "Ana Lind" });
  await waitFor(() => expect(server.requestsTo(API_ENDPOINTS.people.duplicates)).toHaveLength(1));
  return rendered;
};
const panel = async () =>
  (await screen.findByRole("heading", { name: "Possible duplicates" })).closest(
    "section",
  ) as HTMLElement;
const mergeButton = async () =>
  within(await panel()).getByRole("button", { name: /^Merge into this person/ });

describe("a person's possible duplicates", () => {
  it("lists each with email, phone and why, linking to their page", async () => {
    await open();
    const shown = await panel();
    expect(server.requestsTo(API_ENDPOINTS.people.duplicates)[0]?.params.id).toBe("p1");
    const link = within(shown).getByRole("link", { name: "Ana Lind" });
    expect(link.getAttribute("href")).toBe("/dashboard/people/p2");
    expect(shown.textContent).toContain("ana.l@example.com");
    expect(shown.textContent).toContain("(612) 555-0102");
    expect(shown.textContent).toContain("Same name and ZIP");
  });

  it("is not shown when there are none", async () => {
    duplicates = [];
    await open();
    expect(screen.queryByRole("heading", { name: "Possible duplicates" })).toBeNull();
  });

  it("offers no merge to an agent", async () => {
    await open(AGENT);
    const shown = await panel();
    expect(within(shown).getByRole("link", { name: "Ana Lind" })).toBeTruthy();
    expect(within(shown).queryByRole("button")).toBeNull();
  });

  it("asks first; Escape closes the question, sends nothing and gives focus back", async () => {
    await open();
    const button = await mergeButton();
    button.focus();
    fireEvent.click(button);
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog.textContent).toContain("Merge Ana Lind into Ana Lind?");
    expect(document.activeElement).toBe(
      within(dialog).getByRole("button", { name: "Keep them apart" }),
    );
    fireEvent(dialog, new Event("cancel", { cancelable: true }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(document.activeElement).toBe(button);
    expect(server.requestsTo(API_ENDPOINTS.people.merge)).toHaveLength(0);
  });

  it("merges once on confirm, reads the page again, and offers Undo that calls the undo route", async () => {
    const answer = deferred<void>();
    server.on(API_ENDPOINTS.people.merge, async () => {
      await answer.promise;
      duplicates = [];
      return { body: { success: true, data: { mergeId: "m9", person: ANA } } };
    });
    server.on(API_ENDPOINTS.people.undoMerge, () => {
      duplicates = [{ person: TWIN, reasons: ["same-name-and-zip"] }];
      return { body: { success: true, data: { kept: ANA, restored: TWIN } } };
    });
    const { showToast } = await open();
    const pages = server.requestsTo(API_ENDPOINTS.people.one).length;
    fireEvent.click(await mergeButton());
    const confirm = within(await screen.findByRole("alertdialog")).getByRole("button", {
      name: "Merge",
    });
    fireEvent.click(confirm);
    // A second click while the first is on its way sends nothing more.
    fireEvent.click(confirm);
    answer.resolve();
    await waitFor(() => expect(showToast).toHaveBeenCalled());
    expect(server.requestsTo(API_ENDPOINTS.people.merge)).toHaveLength(1);
    expect(server.requestsTo(API_ENDPOINTS.people.merge)[0]).toMatchObject({
      params: { id: "p1" },
      body: { otherId: "p2" },
    });
    await waitFor(() =>
      expect(server.requestsTo(API_ENDPOINTS.people.one).length).toBeGreaterThan(pages),
    );
    await waitFor(() =>
      expect(screen.queryByRole("heading", { name: "Possible duplicates" })).toBeNull(),
    );
    expect(screen.queryByRole("alertdialog")).toBeNull();
    // The merged suggestion's button is gone: focus is on the person's name.
    expect(document.activeElement).toBe(
      screen.getByRole("heading", { level: 2, name: "Ana Lind" }),
    );
    const [message, tone, action] = showToast.mock.calls[0] ?? [];
    expect(message).toBe("Ana Lind merged into Ana Lind.");
    expect(tone).toBe("success");
    expect(action?.label).toBe("Undo");

    action?.onAction();
    await waitFor(() => expect(server.requestsTo(API_ENDPOINTS.people.undoMerge)).toHaveLength(1));
    expect(server.requestsTo(API_ENDPOINTS.people.undoMerge)[0]?.params.id).toBe("m9");
    await waitFor(() =>
      expect(showToast).toHaveBeenLastCalledWith(
        "Merge undone: Ana Lind is a separate person again.",
      ),
    );
    // The suggestion is back.
    await panel();
  });

  it.each([
    [409, PERSON_MERGE_MESSAGES.inHousehold],
    [404, PERSON_MERGE_MESSAGES.otherNotFound],
  ])(
    "shows a refusal (%i) at the suggestion, with the merge still offered",
    async (status, text) => {
      server.on(API_ENDPOINTS.people.merge, () => failure(status, text));
      const { showToast } = await open();
      fireEvent.click(await mergeButton());
      fireEvent.click(
        within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Merge" }),
      );
      const alert = await within(await panel()).findByRole("alert");
      expect(alert.textContent).toBe(text);
      expect((await mergeButton()).getAttribute("aria-describedby")).toBe(alert.id);
      expect(screen.queryByRole("alertdialog")).toBeNull();
      expect(showToast).not.toHaveBeenCalled();
    },
  );
});
