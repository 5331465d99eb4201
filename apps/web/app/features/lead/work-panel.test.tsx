import { API_ENDPOINTS, type LeadNote, WORK_MESSAGES } from "@agency/domain";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderInDashboard, STAFF_USER } from "../../test/render-in-dashboard";
import { deferred, failure, type StubReply, stubFetch } from "../../test/stub-fetch";
import { WorkPanel } from "./work-panel";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const note = (n: number, body: string): LeadNote => ({
  _id: `n${n}`,
  kind: "note",
  outcome: null,
  body,
  createdAt: "2026-11-20T15:00:00.000Z",
  author: { _id: "u2", name: "Bo Agent" },
});
const LEAD = { _id: "c1", assignedTo: null, followUpOn: null };
const OWNER = "Pat Olson's message";

let server: ReturnType<typeof stubFetch>;
beforeEach(() => {
  server = stubFetch();
  window.localStorage.clear();
  server.on(API_ENDPOINTS.tasks.list, { success: true, now: new Date().toISOString(), data: [] });
  server.on(API_ENDPOINTS.leadWork.assignable, {
    success: true,
    data: [
      { _id: "u1", name: "Ann Admin" },
      { _id: "u2", name: "Bo Agent" },
    ],
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPanel(onChanged = vi.fn()) {
  const rendered = renderInDashboard(
    server,
    <WorkPanel kind="contacts" lead={LEAD} owner={OWNER} onChanged={onChanged} />,
  );
  return { ...rendered, onChanged };
}

describe("the work panel", () => {
  it("loads the lead's notes, and says when there are none", async () => {
    const answer = deferred<StubReply>();
    server.on(API_ENDPOINTS.contacts.notes, () => answer.promise);
    renderPanel();

    expect(await screen.findByText("Loading notes…")).toBeTruthy();
    answer.resolve({ body: { success: true, data: [] } });
    expect(await screen.findByText("No notes or calls yet.")).toBeTruthy();
    expect(server.requestsTo(API_ENDPOINTS.contacts.notes)[0]?.params).toEqual({ id: "c1" });
    expect(screen.getByRole("region", { name: `Work on ${OWNER}` })).toBeTruthy();
  });

  it("says why the notes could not be loaded", async () => {
    server.on(API_ENDPOINTS.contacts.notes, () => failure(500, "Notes are down"));
    renderPanel();
    expect((await screen.findByRole("alert")).textContent).toBe(
      "The notes could not be loaded: Notes are down",
    );
  });

  it("lists the notes and adds a new one on top", async () => {
    server.on(API_ENDPOINTS.contacts.notes, { success: true, data: [note(1, "Left a voicemail")] });
    server.on(API_ENDPOINTS.contacts.addNote, (request) => ({
      status: 201,
      body: {
        success: true,
        data: { ...note(2, String((request.body as { body: string }).body)) },
      },
    }));
    const { showToast } = renderPanel();

    const notes = await screen.findByRole("list", { name: `Notes and calls on ${OWNER}` });
    expect(within(notes).getAllByRole("listitem")).toHaveLength(1);

    fireEvent.click(screen.getByRole("button", { name: `Add note on ${OWNER}` }));
    expect(await screen.findByText(WORK_MESSAGES.noteRequired)).toBeTruthy();
    expect(server.requestsTo(API_ENDPOINTS.contacts.addNote)).toHaveLength(0);

    fireEvent.change(screen.getByLabelText("Your note"), { target: { value: "Called back" } });
    fireEvent.click(screen.getByRole("button", { name: `Add note on ${OWNER}` }));
    await waitFor(() => expect(within(notes).getAllByRole("listitem")).toHaveLength(2));
    expect(within(notes).getAllByRole("listitem")[0]?.textContent).toContain("Called back");
    expect(server.requestsTo(API_ENDPOINTS.contacts.addNote)[0]?.body).toEqual({
      kind: "note",
      body: "Called back",
    });
    expect(showToast).toHaveBeenCalledWith("Note added.");
  });

  it("assigns the lead to the signed-in staff member", async () => {
    server.on(API_ENDPOINTS.contacts.notes, { success: true, data: [] });
    server.on(API_ENDPOINTS.contacts.assign, (request) => ({
      body: {
        success: true,
        data: { assignedTo: (request.body as { assignedTo: string }).assignedTo, followUpOn: null },
      },
    }));
    const { onChanged, showToast } = renderPanel();

    // Matched by its start: happy-dom computes the sr-only part of the name a little differently.
    fireEvent.click(await screen.findByRole("button", { name: /^Assign to me\b/ }));
    await waitFor(() =>
      expect(onChanged).toHaveBeenCalledWith({ assignedTo: STAFF_USER._id, followUpOn: null }),
    );
    expect(server.requestsTo(API_ENDPOINTS.contacts.assign)[0]?.body).toEqual({
      assignedTo: STAFF_USER._id,
    });
    expect(showToast).toHaveBeenCalledWith("Assigned to you.");
  });

  it("holds the lead's tasks, asked for by its kind and id", async () => {
    server.on(API_ENDPOINTS.contacts.notes, { success: true, data: [] });
    server.on(API_ENDPOINTS.tasks.list, {
      success: true,
      now: "2030-03-05T18:00:00.000Z",
      data: [],
    });
    renderPanel();
    expect(await screen.findByText("No open tasks.")).toBeTruthy();
    expect(server.requestsTo(API_ENDPOINTS.tasks.list)[0]?.url.search).toBe(
      "?subjectKind=contact&subjectId=c1&state=all",
    );
    expect(screen.queryByLabelText(/Follow-up date/)).toBeNull();
  });
});
