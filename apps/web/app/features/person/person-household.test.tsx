import {
  API_ENDPOINTS,
  HOUSEHOLD_MESSAGES,
  type Household,
  type Person,
  type PersonPage as PersonPageData,
  type StaffEmail,
  type User,
} from "@agency/domain";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderInDashboard, STAFF_USER } from "../../test/render-in-dashboard";
import { failure, stubFetch } from "../../test/stub-fetch";
import { PersonPage } from "./person-page";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const person = (id: string, firstName: string, email: string, phone = ""): Person => ({
  _id: id,
  firstName,
  lastName: "Lind",
  email,
  phone,
  mailingAddress: { street: "", city: "", state: "", zip: "" },
  preferredContact: null,
  notes: "",
  createdAt: "2026-11-02T15:00:00.000Z",
  updatedAt: "2026-11-02T15:00:00.000Z",
  leadCounts: { quotes: 0, contacts: 1, appointments: 0 },
  latestAt: "2026-11-20T15:00:00.000Z",
});
const ANA = person("p1", "Ana", "ana@example.com");
const BEN = person("p2", "Ben", "ben@example.com", "6125550102");
const CAL = person("p3", "Cal", "");

const HOUSEHOLD: Household = {
  primaryId: "p1",
  members: [
    { _id: "p1", firstName: "Ana", lastName: "Lind", relationship: "primary" },
    { _id: "p3", firstName: "Cal", lastName: "Lind", relationship: "child" },
  ],
};
const page = (household: Household | null): PersonPageData => ({
  person: ANA,
  timeline: [
    {
      type: "contact",
      _id: "c7",
      createdAt: "2026-11-20T15:00:00.000Z",
      status: "new",
      summary: "Message about Home Insurance",
      assignee: null,
      followUpOn: null,
      lostReason: null,
      lostDetail: null,
      notes: [],
      tasks: [],
      emails: [
        {
          _id: "e0",
          to: "ana@example.com",
          subject: "About your message",
          body: "Calling today.",
          sender: { _id: "u1", name: "Ann Admin" },
          state: "sent",
          attempts: 1,
          error: null,
          createdAt: "2026-11-20T16:00:00.000Z",
          sentAt: "2026-11-20T16:00:05.000Z",
        },
      ],
    },
  ],
  timelineTotal: 1,
  household,
  emails: ownEmails,
});
const EMAIL: StaffEmail = {
  _id: "e1",
  to: "ana@example.com",
  subject: "Your policy",
  body: "Hello Ana",
  sender: { _id: "u1", name: "Ann Admin" },
  state: "queued",
  attempts: 0,
  error: null,
  createdAt: "2026-11-23T16:30:00.000Z",
  sentAt: null,
};
// An account that may not work leads (the server refuses its changes): no controls are offered.
const VIEWER: User = { ...STAFF_USER, _id: "u3", role: ["User"], isAdmin: false };

let server: ReturnType<typeof stubFetch>;
let current: Household | null;
/** The emails logged on the person, as the page's route answers them. */
let ownEmails: StaffEmail[];
beforeEach(() => {
  ownEmails = [];
  server = stubFetch();
  window.localStorage.clear();
  current = HOUSEHOLD;
  server.on(API_ENDPOINTS.people.one, () => ({ body: { success: true, data: page(current) } }));
  server.on(API_ENDPOINTS.people.emails, { success: true, data: [] });
  server.on(API_ENDPOINTS.people.list, {
    success: true,
    data: [ANA, BEN, CAL],
    total: 3,
    limit: 5,
    offset: 0,
  });
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
  return rendered;
};
const household = () =>
  screen.getByRole("heading", { name: "Household" }).closest("section") as HTMLElement;

describe("a person's household", () => {
  it("lists the members with their relationship, each linking to their page", async () => {
    await open();
    const shown = household();
    expect(shown.textContent).toContain("Ana Lind (this person)");
    expect(shown.textContent).toContain("Primary");
    const cal = within(shown).getByRole("link", { name: "Cal Lind" });
    expect(cal.getAttribute("href")).toBe("/dashboard/people/p3");
    expect(
      (within(shown).getByLabelText("Cal Lind's relationship") as HTMLSelectElement).value,
    ).toBe("child");
  });

  it("says when there is none, and offers no changes to staff who only view", async () => {
    current = null;
    await open(VIEWER);
    expect(household().textContent).toContain("Not in a household with anyone yet.");
    expect(within(household()).queryByRole("button")).toBeNull();
  });

  it("adds a member found by name, email or phone, with a relationship", async () => {
    server.on(API_ENDPOINTS.households.link, (request) => {
      const body = request.body as { personId: string; relationship: "spouse" };
      current = {
        primaryId: "p1",
        members: [
          ...HOUSEHOLD.members,
          {
            _id: body.personId,
            firstName: "Ben",
            lastName: "Lind",
            relationship: body.relationship,
          },
        ],
      };
      return {
        status: 201,
        body: { success: true, message: HOUSEHOLD_MESSAGES.linked, data: current },
      };
    });
    const { showToast } = await open();
    fireEvent.click(within(household()).getByRole("button", { name: "Add a member" }));
    // An empty search is answered at the form, with no request.
    fireEvent.click(within(household()).getByRole("button", { name: "Search" }));
    expect(within(household()).getByRole("alert").textContent).toContain("Type a name");
    fireEvent.change(within(household()).getByLabelText(/^Find a person/), {
      target: { value: "612 555 0102" },
    });
    fireEvent.click(within(household()).getByRole("button", { name: "Search" }));
    const ben = await within(household()).findByRole("radio", { name: /Ben Lind/ });
    expect(server.requestsTo(API_ENDPOINTS.people.list)[0]?.url.searchParams.get("q")).toBe(
      "612 555 0102",
    );
    // Those already in the household are not offered.
    expect(within(household()).queryByRole("radio", { name: /Cal Lind/ })).toBeNull();
    expect(within(household()).queryByRole("radio", { name: /Ana Lind/ })).toBeNull();
    fireEvent.click(ben);
    fireEvent.change(within(household()).getByLabelText("Ben Lind's relationship"), {
      target: { value: "spouse" },
    });
    fireEvent.click(within(household()).getByRole("button", { name: "Add to household" }));
    await within(household()).findByRole("link", { name: "Ben Lind" });
    expect(server.requestsTo(API_ENDPOINTS.households.link)[0]).toMatchObject({
      params: { id: "p1" },
      body: { personId: "p2", relationship: "spouse" },
    });
    expect(showToast).toHaveBeenCalledWith("Added to the household.");
  });

  it("shows the server's refusal where the person looks, keeping the choice", async () => {
    server.on(API_ENDPOINTS.households.link, () =>
      failure(409, HOUSEHOLD_MESSAGES.alreadyInHousehold),
    );
    await open();
    fireEvent.click(within(household()).getByRole("button", { name: "Add a member" }));
    fireEvent.change(within(household()).getByLabelText(/^Find a person/), {
      target: { value: "Ben" },
    });
    fireEvent.click(within(household()).getByRole("button", { name: "Search" }));
    fireEvent.click(await within(household()).findByRole("radio", { name: /Ben Lind/ }));
    fireEvent.click(within(household()).getByRole("button", { name: "Add to household" }));
    const alert = await within(household()).findByRole("alert");
    expect(alert.textContent).toBe(HOUSEHOLD_MESSAGES.alreadyInHousehold);
    expect(
      (within(household()).getByRole("radio", { name: /Ben Lind/ }) as HTMLInputElement).checked,
    ).toBe(true);
  });

  it("changes a relationship and removes a member; a refusal shows at that member", async () => {
    server.on(API_ENDPOINTS.households.change, (request) => {
      current = {
        primaryId: "p1",
        members: [
          HOUSEHOLD.members[0] as Household["members"][number],
          {
            _id: "p3",
            firstName: "Cal",
            lastName: "Lind",
            relationship: (request.body as { relationship: "other" }).relationship,
          },
        ],
      };
      return { body: { success: true, message: HOUSEHOLD_MESSAGES.changed, data: current } };
    });
    server.on(API_ENDPOINTS.households.unlink, () => failure(404, HOUSEHOLD_MESSAGES.notMember));
    await open();
    fireEvent.change(within(household()).getByLabelText("Cal Lind's relationship"), {
      target: { value: "other" },
    });
    await waitFor(() =>
      expect(server.requestsTo(API_ENDPOINTS.households.change)[0]).toMatchObject({
        params: { id: "p1", memberId: "p3" },
        body: { relationship: "other" },
      }),
    );
    await waitFor(() =>
      expect(
        (within(household()).getByLabelText("Cal Lind's relationship") as HTMLSelectElement).value,
      ).toBe("other"),
    );
    fireEvent.click(within(household()).getByRole("button", { name: /^Remove Cal Lind/ }));
    const alert = await within(household()).findByRole("alert");
    expect(alert.textContent).toBe(HOUSEHOLD_MESSAGES.notMember);
    expect(
      within(household())
        .getByLabelText("Cal Lind's relationship")
        .getAttribute("aria-describedby"),
    ).toBe(alert.id);

    server.on(API_ENDPOINTS.households.unlink, () => {
      current = null;
      return { body: { success: true, message: HOUSEHOLD_MESSAGES.unlinked, data: null } };
    });
    fireEvent.click(within(household()).getByRole("button", { name: /^Remove Cal Lind/ }));
    await waitFor(() =>
      expect(household().textContent).toContain("Not in a household with anyone yet."),
    );
  });
});

describe("emailing a person from their page", () => {
  const emails = () =>
    screen.getByRole("heading", { name: "Emails" }).closest("section") as HTMLElement;

  it("lists their emails, sends one through the person's route, and reads the timeline again", async () => {
    server.on(API_ENDPOINTS.people.sendEmail, (request) => {
      const sent = { ...EMAIL, ...(request.body as { subject: string; body: string }) };
      ownEmails = [sent];
      return { status: 201, body: { success: true, message: "Email queued", data: sent } };
    });
    await open();
    // The timeline shows the emails on each lead.
    const timeline = screen
      .getByRole("heading", { name: "Timeline" })
      .closest("section") as HTMLElement;
    expect(timeline.textContent).toContain("About your message");
    await waitFor(() => expect(server.requestsTo(API_ENDPOINTS.people.emails)).toHaveLength(1));
    expect(server.requestsTo(API_ENDPOINTS.people.emails)[0]?.params.id).toBe("p1");
    fireEvent.click(within(emails()).getByRole("button", { name: /^Write an email|^Email/ }));
    fireEvent.change(await screen.findByLabelText("Subject"), { target: { value: "Your policy" } });
    fireEvent.change(screen.getByLabelText("Message"), { target: { value: "Hello Ana" } });
    const pages = server.requestsTo(API_ENDPOINTS.people.one).length;
    fireEvent.click(screen.getByRole("button", { name: /^Send email\b/ }));
    await waitFor(() => expect(server.requestsTo(API_ENDPOINTS.people.sendEmail)).toHaveLength(1));
    expect(server.requestsTo(API_ENDPOINTS.people.sendEmail)[0]).toMatchObject({
      params: { id: "p1" },
      body: { subject: "Your policy", body: "Hello Ana" },
    });
    await within(emails()).findByText("Your policy");
    await waitFor(() =>
      expect(server.requestsTo(API_ENDPOINTS.people.one).length).toBeGreaterThan(pages),
    );
    // Read again, the timeline shows the email sent to the person.
    const own = await within(timeline).findByRole("list", { name: "Emails to this person" });
    expect(own.textContent).toContain("Hello Ana");
  });

  it("offers no compose form for a person without an email, and says how to add one", async () => {
    server.on(API_ENDPOINTS.people.one, () => ({
      body: { success: true, data: { ...page(null), person: { ...ANA, email: "" } } },
    }));
    await open();
    await waitFor(() => expect(server.requestsTo(API_ENDPOINTS.people.emails)).toHaveLength(1));
    expect(emails().textContent).toContain(
      "No email on file: call instead, or add one with Edit in Details.",
    );
    expect(within(emails()).queryByRole("button", { name: /^Write an email/ })).toBeNull();
  });
});
