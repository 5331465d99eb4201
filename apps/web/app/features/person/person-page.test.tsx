import {
  API_ENDPOINTS,
  PERSON_MESSAGES,
  type Person,
  type PersonPage as PersonPageData,
  type User,
} from "@agency/domain";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderInDashboard, STAFF_USER } from "../../test/render-in-dashboard";
import { deferred, failure, type StubReply, stubFetch } from "../../test/stub-fetch";
import { PERSON_FORM_TEXT } from "./edit-person";
import { PersonPage } from "./person-page";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const PERSON: Person = {
  _id: "p1",
  firstName: "Maria",
  lastName: "Lindqvist",
  email: "maria@example.com",
  phone: "6125550100",
  mailingAddress: { street: "4120 Bryant Ave S", city: "Minneapolis", state: "MN", zip: "55409" },
  preferredContact: "phone",
  notes: "Prefers mornings.",
  createdAt: "2026-11-02T15:00:00.000Z",
  updatedAt: "2026-11-02T15:00:00.000Z",
  leadCounts: { quotes: 1, contacts: 1, appointments: 0 },
  latestAt: "2026-11-20T15:00:00.000Z",
};

const PAGE: PersonPageData = {
  person: PERSON,
  timelineTotal: 2,
  household: null,
  emails: [],
  timeline: [
    {
      type: "contact",
      _id: "c7",
      createdAt: "2026-11-20T15:00:00.000Z",
      status: "contacted",
      summary: "Message about Renter's Insurance: Please call me.",
      assignee: "Ann Admin",
      followUpOn: null,
      lostReason: null,
      lostDetail: null,
      emails: [],
      tasks: [
        {
          _id: "t1",
          text: "Send the renter's quote",
          subject: { kind: "contact", id: "c7", name: "" },
          dueAt: "2026-11-21T21:00:00.000Z",
          dueDate: "2026-11-21",
          dueTime: "15:00",
          assignee: { _id: "u1", name: "Ann Admin", isActive: true },
          createdBy: { _id: "u1", name: "Ann Admin" },
          createdAt: "2026-11-20T16:00:00.000Z",
          completedAt: "2026-11-21T20:00:00.000Z",
          completedBy: { _id: "u1", name: "Ann Admin" },
        },
      ],
      notes: [
        {
          _id: "n1",
          kind: "call",
          outcome: "reached",
          body: "Called back; sending a quote.",
          createdAt: "2026-11-20T16:00:00.000Z",
          author: { _id: "u1", name: "Ann Admin" },
        },
      ],
    },
    {
      type: "quote",
      _id: "q3",
      createdAt: "2026-11-10T15:00:00.000Z",
      status: "new",
      summary: "2021 Subaru SUV",
      assignee: null,
      followUpOn: null,
      lostReason: null,
      lostDetail: null,
      emails: [],
      tasks: [],
      notes: [],
    },
  ],
};

const AGENT: User = { ...STAFF_USER, _id: "u2", role: ["Agent"], isAdmin: false };

let server: ReturnType<typeof stubFetch>;
beforeEach(() => {
  server = stubFetch();
  window.localStorage.clear();
  server.on(API_ENDPOINTS.people.one, (request) =>
    request.params.id === "p1"
      ? { body: { success: true, data: PAGE } }
      : failure(404, "Person not found"),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const open = async (user: User = STAFF_USER) => {
  renderInDashboard(server, <PersonPage id="p1" />, { url: "/dashboard/people/p1", user });
  return screen.findByRole("heading", { level: 2, name: "Maria Lindqvist" });
};
const details = () =>
  screen.getByRole("heading", { name: "Details" }).closest("section") as HTMLElement;
const updates = () => server.requestsTo(API_ENDPOINTS.people.update);
const field = (label: RegExp) => within(details()).getByLabelText(label) as HTMLInputElement;

describe("a person's page", () => {
  it("shows the details and one timeline of their leads, each linking to its page", async () => {
    await open();
    const shown = details();
    expect(shown.textContent).toContain("maria@example.com");
    expect(within(shown).getByRole("link", { name: "(612) 555-0100" }).getAttribute("href")).toBe(
      "tel:+16125550100",
    );
    expect(shown.textContent).toContain("4120 Bryant Ave S, Minneapolis, MN 55409");
    expect(shown.textContent).toContain("Phone call");
    expect(shown.textContent).toContain("Prefers mornings.");

    const timeline = screen
      .getByRole("heading", { name: "Timeline" })
      .closest("section") as HTMLElement;
    expect(timeline.textContent).toContain("2 leads, newest first.");
    expect(
      within(timeline)
        .getByRole("link", { name: /^Message/ })
        .getAttribute("href"),
    ).toBe("/dashboard/contacts/c7");
    expect(
      within(timeline)
        .getByRole("link", { name: /^Quote/ })
        .getAttribute("href"),
    ).toBe("/dashboard/quotes/q3");
    expect(within(timeline).getByText("Contacted")).toBeTruthy();
    expect(within(timeline).getByText("Called back; sending a quote.")).toBeTruthy();
    // The lead's tasks are on the timeline too: what, when (Central), whose, done.
    const tasks = within(timeline).getByRole("list", { name: "Tasks on this message" });
    expect(within(tasks).getByText("Send the renter's quote")).toBeTruthy();
    expect(tasks.textContent).toContain("Task · Done");
    expect(tasks.textContent).toContain("3:00 PM");
    expect(tasks.textContent).toContain("by Ann Admin");
  });

  it("lists the person's service requests (issue 29 §2)", async () => {
    server.on(API_ENDPOINTS.service.ofPerson, { success: true, data: [] });
    await open();
    const section = (await screen.findByRole("heading", { name: "Service requests" })).closest(
      "section",
    ) as HTMLElement;
    expect(await within(section).findByText("No service requests.")).toBeTruthy();
    expect(server.requestsTo(API_ENDPOINTS.service.ofPerson)[0]?.params).toEqual({ id: "p1" });
  });

  it("says so for an unknown person", async () => {
    renderInDashboard(server, <PersonPage id="nobody" />, { url: "/dashboard/people/nobody" });
    expect(await screen.findByRole("heading", { name: "Person not found" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "All people" }).getAttribute("href")).toBe(
      "/dashboard/people",
    );
  });

  it("saves an edit: only the changed fields, once, and shows the saved person", async () => {
    const answer = deferred<StubReply>();
    server.on(API_ENDPOINTS.people.update, () => answer.promise);
    const { showToast } = renderInDashboard(server, <PersonPage id="p1" />, {
      url: "/dashboard/people/p1",
      user: AGENT,
    });
    await screen.findByRole("heading", { level: 2, name: "Maria Lindqvist" });
    fireEvent.click(screen.getByRole("button", { name: /^Edit/ }));
    expect(document.activeElement).toBe(field(/^First name/));

    fireEvent.change(field(/^Phone/), { target: { value: "(651) 555-0123" } });
    fireEvent.change(field(/^ZIP code/), { target: { value: "55101" } });
    const save = within(details()).getByRole("button", { name: "Save changes" });
    fireEvent.click(save);
    fireEvent.click(save);
    fireEvent.submit(save.closest("form") as HTMLFormElement);
    await waitFor(() => expect(updates()).toHaveLength(1));
    expect(updates()[0]?.params.id).toBe("p1");
    expect(updates()[0]?.body).toEqual({
      phone: "6515550123",
      mailingAddress: {
        street: "4120 Bryant Ave S",
        city: "Minneapolis",
        state: "MN",
        zip: "55101",
      },
    });

    answer.resolve({
      body: {
        success: true,
        data: {
          ...PERSON,
          phone: "6515550123",
          mailingAddress: { ...PERSON.mailingAddress, zip: "55101" },
        },
      },
    });
    await waitFor(() => expect(within(details()).queryByRole("form")).toBeNull());
    expect(details().textContent).toContain("(651) 555-0123");
    expect(details().textContent).toContain("MN 55101");
    expect(showToast).toHaveBeenCalledWith(PERSON_FORM_TEXT.saved);
    expect(updates()).toHaveLength(1);
  });

  it("shows the domain's message at the field and sends nothing while a field is wrong", async () => {
    await open();
    fireEvent.click(screen.getByRole("button", { name: /^Edit/ }));
    fireEvent.change(field(/^ZIP code/), { target: { value: "551" } });
    fireEvent.change(field(/^Email/), { target: { value: "" } });
    fireEvent.change(field(/^Phone/), { target: { value: "" } });
    fireEvent.click(within(details()).getByRole("button", { name: "Save changes" }));

    const zip = field(/^ZIP code/);
    expect(zip.getAttribute("aria-invalid")).toBe("true");
    expect(details().textContent).toContain(PERSON_MESSAGES.zipInvalid);
    expect(details().textContent).toContain(PERSON_MESSAGES.contactRequired);
    expect(within(details()).getByRole("alert").textContent).toContain(PERSON_FORM_TEXT.correct);
    // Focus goes to the first field to correct.
    await waitFor(() => expect(document.activeElement).toBe(field(/^Email/)));
    expect(updates()).toHaveLength(0);
  });

  it("shows the server's field message at the field, keeping what was typed", async () => {
    server.on(API_ENDPOINTS.people.update, () => ({
      status: 400,
      body: {
        success: false,
        message: PERSON_MESSAGES.emailInvalid,
        error: PERSON_MESSAGES.emailInvalid,
        errors: [{ field: "email", message: PERSON_MESSAGES.emailInvalid }],
      },
    }));
    await open();
    fireEvent.click(screen.getByRole("button", { name: /^Edit/ }));
    fireEvent.change(field(/^Email/), { target: { value: "maria@example.co" } });
    fireEvent.click(within(details()).getByRole("button", { name: "Save changes" }));

    await waitFor(() => expect(field(/^Email/).getAttribute("aria-invalid")).toBe("true"));
    expect(field(/^Email/).value).toBe("maria@example.co");
    expect(details().textContent).toContain(PERSON_MESSAGES.emailInvalid);
    expect(document.activeElement).toBe(field(/^Email/));
  });

  it("shows a conflict (409) where the person looks, and keeps the form as typed", async () => {
    server.on(API_ENDPOINTS.people.update, () => failure(409, PERSON_MESSAGES.emailTaken));
    await open();
    fireEvent.click(screen.getByRole("button", { name: /^Edit/ }));
    fireEvent.change(field(/^Email/), { target: { value: "ann@example.com" } });
    fireEvent.change(field(/^Notes/), { target: { value: "Spouse of Ann." } });
    fireEvent.click(within(details()).getByRole("button", { name: "Save changes" }));

    const alert = await within(details()).findByRole("alert");
    expect(alert.textContent).toBe(PERSON_MESSAGES.emailTaken);
    // The field the conflict is about says so too, and takes focus.
    await waitFor(() => expect(document.activeElement).toBe(field(/^Email/)));
    expect(field(/^Email/).getAttribute("aria-invalid")).toBe("true");
    expect(field(/^Email/).value).toBe("ann@example.com");
    expect(field(/^Notes/).value).toBe("Spouse of Ann.");
    expect(updates()).toHaveLength(1);
  });

  it("shows any other conflict above the fields", async () => {
    const message = "This person was changed meanwhile. Reload to see the changes.";
    server.on(API_ENDPOINTS.people.update, () => failure(409, message));
    await open();
    fireEvent.click(screen.getByRole("button", { name: /^Edit/ }));
    fireEvent.change(field(/^Notes/), { target: { value: "Spouse of Ann." } });
    fireEvent.click(within(details()).getByRole("button", { name: "Save changes" }));
    const alert = await within(details()).findByRole("alert");
    expect(alert.textContent).toBe(message);
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(field(/^Notes/).value).toBe("Spouse of Ann.");
  });

  it("has a Tasks card for tasks about the person, for staff who work leads only", async () => {
    server.on(API_ENDPOINTS.leadWork.assignable, {
      success: true,
      data: [{ _id: STAFF_USER._id, name: "Ann Admin" }],
    });
    server.on(API_ENDPOINTS.tasks.list, {
      success: true,
      now: "2030-03-05T15:00:00.000Z",
      data: [
        {
          _id: "t1",
          text: "Ask about the lake cabin",
          subject: { kind: "person", id: "p1", name: "Maria Lindqvist" },
          dueAt: "2030-03-06T15:00:00.000Z",
          dueDate: "2030-03-06",
          dueTime: "09:00",
          assignee: { _id: STAFF_USER._id, name: "Ann Admin", isActive: true },
          createdBy: { _id: STAFF_USER._id, name: "Ann Admin" },
          createdAt: "2030-03-01T15:00:00.000Z",
          completedAt: null,
          completedBy: null,
        },
      ],
    });
    await open();
    const card = screen.getByRole("region", { name: "Tasks" });
    const list = await within(card).findByRole("list", { name: "Open tasks on Maria Lindqvist" });
    expect(list.textContent).toContain("Ask about the lake cabin");
    const asked = server.requestsTo(API_ENDPOINTS.tasks.list).at(-1)?.url.searchParams;
    expect([asked?.get("subjectKind"), asked?.get("subjectId")]).toEqual(["person", "p1"]);
    cleanup();

    await open({ ...STAFF_USER, _id: "u9", role: ["User"], isAdmin: false, supperAdmin: false });
    expect(screen.queryByRole("region", { name: "Tasks" })).toBeNull();
  });
});
