import { API_ENDPOINTS, type Task, type User } from "@agency/domain";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderInDashboard, STAFF_USER } from "../../test/render-in-dashboard";
import { failure, stubFetch } from "../../test/stub-fetch";
import { MyTasks } from "./my-tasks";
import { TaskPanel } from "./task-panel";
import { TasksView } from "./tasks-view";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

// Tuesday March 5, 2030, noon in Chicago.
const NOW = "2030-03-05T18:00:00.000Z";
const LEAD = "c1";
const OWNER = "Pat Olson's message";
const AGENT: User = { ...STAFF_USER, _id: "u2", role: ["Agent"], isAdmin: false };

const task = (id: string, text: string, dueAt: string, extra: Partial<Task> = {}): Task => ({
  _id: id,
  text,
  subject: { kind: "contact", id: LEAD, name: "Pat Olson" },
  dueAt,
  dueDate: "2030-03-05",
  dueTime: "15:00",
  assignee: { _id: STAFF_USER._id, name: "Ann Admin", isActive: true },
  createdBy: { _id: STAFF_USER._id, name: "Ann Admin" },
  createdAt: "2030-03-01T15:00:00.000Z",
  completedAt: null,
  completedBy: null,
  ...extra,
});

let server: ReturnType<typeof stubFetch>;
beforeEach(() => {
  server = stubFetch();
  window.localStorage.clear();
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

function renderPanel(user: User = STAFF_USER) {
  return renderInDashboard(
    server,
    <TaskPanel subject={{ kind: "contact", id: LEAD }} owner={OWNER} />,
    { user },
  );
}

describe("a lead's tasks panel", () => {
  it("adds a task with its text, Central date and time, and assignee", async () => {
    server.on(API_ENDPOINTS.tasks.list, { success: true, now: NOW, data: [] });
    server.on(API_ENDPOINTS.tasks.create, (request) => {
      const body = request.body as { text: string; dueDate: string; dueTime: string };
      return {
        status: 201,
        body: {
          success: true,
          data: task("t1", body.text, "2099-01-05T21:00:00.000Z", {
            dueDate: body.dueDate,
            dueTime: body.dueTime,
            assignee: { _id: "u2", name: "Bo Agent", isActive: true },
          }),
        },
      };
    });
    const { showToast } = renderPanel();
    expect(await screen.findByText("No open tasks.")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: /^Add task/ }));
    expect(await screen.findByText("Say what is to be done")).toBeTruthy();
    expect(server.requestsTo(API_ENDPOINTS.tasks.create)).toHaveLength(0);

    fireEvent.change(screen.getByLabelText("What to do"), { target: { value: "Call back at 3" } });
    fireEvent.change(screen.getByLabelText(/^Due date/), { target: { value: "2099-01-05" } });
    fireEvent.change(screen.getByLabelText(/^Time \(Central\)/), { target: { value: "15:00" } });
    await screen.findByRole("option", { name: "Bo Agent" });
    fireEvent.change(screen.getByLabelText(/^For/), { target: { value: "u2" } });
    fireEvent.click(screen.getByRole("button", { name: /^Add task/ }));

    const list = await screen.findByRole("list", { name: `Open tasks on ${OWNER}` });
    expect(within(list).getByText("Call back at 3")).toBeTruthy();
    expect(within(list).getByText(/Bo Agent/)).toBeTruthy();
    expect(server.requestsTo(API_ENDPOINTS.tasks.create)[0]?.body).toEqual({
      subject: { kind: "contact", id: LEAD },
      text: "Call back at 3",
      dueDate: "2099-01-05",
      dueTime: "15:00",
      assignedTo: "u2",
    });
    expect(showToast).toHaveBeenCalledWith("Task added.");
  });

  it("shows several tasks, marks overdue and today, completes and reopens one", async () => {
    server.on(API_ENDPOINTS.tasks.list, {
      success: true,
      now: NOW,
      data: [
        task("t1", "Send the forms", "2030-03-04T15:00:00.000Z"),
        task("t2", "Call back", "2030-03-05T21:00:00.000Z"),
        task("t3", "Old one", "2030-03-01T15:00:00.000Z", {
          completedAt: "2030-03-02T15:00:00.000Z",
        }),
      ],
    });
    server.on(API_ENDPOINTS.tasks.complete, (request) => ({
      body: {
        success: true,
        data: task(request.params.id ?? "", "Call back", "2030-03-05T21:00:00.000Z", {
          completedAt: NOW,
          completedBy: { _id: "u1", name: "Ann Admin" },
        }),
      },
    }));
    renderPanel();
    const list = await screen.findByRole("list", { name: `Open tasks on ${OWNER}` });
    const items = within(list).getAllByRole("listitem");
    expect(items.map((item) => item.querySelector("p")?.textContent)).toEqual([
      "Send the forms",
      "Call back",
    ]);
    expect(within(items[0] as HTMLElement).getByText("Overdue")).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByText("Due today")).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByText(/Mar 5, 2030, 3:00 PM CST/)).toBeTruthy();

    fireEvent.click(within(items[1] as HTMLElement).getByRole("button", { name: /^Complete/ }));
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(1));
    expect(server.requestsTo(API_ENDPOINTS.tasks.complete)[0]?.params).toEqual({ id: "t2" });
    fireEvent.click(screen.getByRole("button", { name: "Show 2 done" }));
    expect(
      within(screen.getByRole("list", { name: `Done tasks on ${OWNER}` })).getAllByRole("listitem"),
    ).toHaveLength(2);
  });

  it("reschedules and reassigns; a refusal shows beside the task", async () => {
    server.on(API_ENDPOINTS.tasks.list, {
      success: true,
      now: NOW,
      data: [task("t1", "Call back", "2030-03-05T21:00:00.000Z")],
    });
    server.on(API_ENDPOINTS.tasks.update, (request) => {
      const body = request.body as { dueDate?: string; assignedTo?: string };
      if (body.assignedTo) return failure(400, "That person cannot be given tasks");
      return {
        body: {
          success: true,
          data: task("t1", "Call back", "2030-03-06T14:30:00.000Z", {
            dueDate: "2030-03-06",
            dueTime: "08:30",
          }),
        },
      };
    });
    const { showToast } = renderPanel();
    const item = (await screen.findAllByRole("listitem"))[0] as HTMLElement;
    fireEvent.click(within(item).getByRole("button", { name: /^Reschedule/ }));
    fireEvent.change(within(item).getByLabelText(/^New date/), { target: { value: "2030-03-06" } });
    fireEvent.change(within(item).getByLabelText(/^Time \(Central\)/), {
      target: { value: "08:30" },
    });
    fireEvent.click(within(item).getByRole("button", { name: /^Save/ }));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith("Task rescheduled."));
    expect(server.requestsTo(API_ENDPOINTS.tasks.update)[0]?.body).toEqual({
      dueDate: "2030-03-06",
      dueTime: "08:30",
    });
    expect(await screen.findByText(/Mar 6, 2030, 8:30 AM CST/)).toBeTruthy();

    const again = screen.getAllByRole("listitem")[0] as HTMLElement;
    fireEvent.click(within(again).getByRole("button", { name: /^Reassign/ }));
    await within(again).findByRole("option", { name: "Bo Agent" });
    fireEvent.change(within(again).getByLabelText(/^Give it to/), { target: { value: "u2" } });
    fireEvent.click(
      within(again)
        .getAllByRole("button", { name: /^Reassign/ })
        .at(-1) as HTMLElement,
    );
    expect(await screen.findByText("That person cannot be given tasks")).toBeTruthy();
  });

  it("lets an agent take a colleague's task, not give tasks away", async () => {
    server.on(API_ENDPOINTS.tasks.list, {
      success: true,
      now: NOW,
      data: [task("t1", "Call back", "2030-03-05T21:00:00.000Z")],
    });
    server.on(API_ENDPOINTS.tasks.update, {
      success: true,
      data: task("t1", "Call back", "2030-03-05T21:00:00.000Z", {
        assignee: { _id: "u2", name: "Bo Agent", isActive: true },
      }),
    });
    renderPanel(AGENT);
    const item = (await screen.findAllByRole("listitem"))[0] as HTMLElement;
    expect(within(item).queryByRole("button", { name: /^Reassign/ })).toBeNull();
    expect(screen.queryByLabelText(/^For/)).toBeNull();
    fireEvent.click(within(item).getByRole("button", { name: /^Take it/ }));
    await waitFor(() =>
      expect(server.requestsTo(API_ENDPOINTS.tasks.update)[0]?.body).toEqual({ assignedTo: "u2" }),
    );
  });

  it("says why the tasks could not be loaded", async () => {
    server.on(API_ENDPOINTS.tasks.list, () => failure(500, "Tasks are down"));
    renderPanel();
    expect((await screen.findByRole("alert")).textContent).toBe(
      "The tasks could not be loaded: Tasks are down",
    );
  });
});

describe("My tasks on the overview", () => {
  it("groups the caller's open tasks into overdue, today and upcoming", async () => {
    server.on(API_ENDPOINTS.tasks.list, {
      success: true,
      now: NOW,
      data: [
        task("t3", "Renewal review", "2030-03-08T15:00:00.000Z"),
        task("t1", "Send the forms", "2030-03-04T15:00:00.000Z"),
        task("t2", "Call back", "2030-03-05T21:00:00.000Z"),
      ],
    });
    renderInDashboard(server, <MyTasks />);
    const card = await screen.findByRole("region", { name: /^My tasks/ });
    await within(card).findByText("Send the forms");
    expect(within(card).getByRole("region", { name: "Overdue (1)" }).textContent).toContain(
      "Send the forms",
    );
    expect(within(card).getByRole("region", { name: "Today (1)" }).textContent).toContain(
      "Call back",
    );
    expect(within(card).getByRole("region", { name: "Upcoming (1)" }).textContent).toContain(
      "Renewal review",
    );
    expect(within(card).getAllByRole("link", { name: "Pat Olson" })[0]?.getAttribute("href")).toBe(
      "/dashboard/contacts/c1",
    );
    expect(server.requestsTo(API_ENDPOINTS.tasks.list)[0]?.url.search).toBe(
      "?scope=mine&state=open",
    );
  });

  it("lists the caller's requests due, and those without an owner, above the tasks", async () => {
    server.on(API_ENDPOINTS.tasks.list, { success: true, now: NOW, data: [] });
    const item = {
      reference: "SR-2030-000007",
      kind: "certificate",
      status: "in-progress",
      dueOn: "2030-03-04",
      assignedTo: STAFF_USER._id,
    };
    server.on(API_ENDPOINTS.service.due, {
      success: true,
      today: "2030-03-05",
      mine: [{ ...item, _id: "s1", name: "Ana Núñez", state: "overdue" }],
      unowned: [
        {
          ...item,
          _id: "s2",
          reference: "SR-2030-000008",
          name: "Lee Vang",
          dueOn: "2030-03-05",
          state: "due-today",
          assignedTo: null,
        },
      ],
    });
    renderInDashboard(server, <MyTasks />);
    const card = await screen.findByRole("region", { name: /^My tasks/ });
    const mine = await within(card).findByRole("region", { name: "Requests due (1)" });
    const link = within(mine).getByRole("link");
    expect(link.getAttribute("href")).toBe("/dashboard/service/s1");
    expect(link.textContent).toContain("SR-2030-000007 Ana Núñez");
    expect(link.textContent).toContain("Certificate of insurance");
    expect(link.textContent).toContain("Overdue");
    const unowned = within(card).getByRole("region", {
      name: "Requests that need an owner (1)",
    });
    expect(within(unowned).getByRole("link").getAttribute("href")).toBe("/dashboard/service/s2");
    expect(within(card).getByText(/No open tasks\./)).toBeTruthy();
  });

  it("shows no requests part when none is due", async () => {
    server.on(API_ENDPOINTS.tasks.list, { success: true, now: NOW, data: [] });
    server.on(API_ENDPOINTS.service.due, {
      success: true,
      today: "2030-03-05",
      mine: [],
      unowned: [],
    });
    renderInDashboard(server, <MyTasks />);
    expect(await screen.findByText(/No open tasks\./)).toBeTruthy();
    expect(server.requestsTo(API_ENDPOINTS.service.due)).toHaveLength(1);
    expect(screen.queryByRole("region", { name: /^Requests/ })).toBeNull();
  });

  it("says when there is nothing to do", async () => {
    server.on(API_ENDPOINTS.tasks.list, { success: true, now: NOW, data: [] });
    renderInDashboard(server, <MyTasks />);
    expect(await screen.findByText(/No open tasks\./)).toBeTruthy();
  });
});

describe("the Tasks page", () => {
  it("shows a manager everyone's tasks and the done ones on request; an agent only theirs", async () => {
    server.on(API_ENDPOINTS.tasks.list, { success: true, now: NOW, data: [] });
    renderInDashboard(server, <TasksView />, { url: "/dashboard/tasks" });
    expect(await screen.findByText("No open tasks.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Everyone's" }));
    fireEvent.click(screen.getByRole("button", { name: "Done" }));
    expect(await screen.findByText("No done tasks yet.")).toBeTruthy();
    expect(server.requestsTo(API_ENDPOINTS.tasks.list).at(-1)?.url.search).toBe(
      "?scope=all&state=done",
    );
    cleanup();
    renderInDashboard(server, <TasksView />, { url: "/dashboard/tasks", user: AGENT });
    expect(await screen.findByText("No open tasks.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Everyone's" })).toBeNull();
  });

  it("flags a deactivated colleague's open task in Everyone's list, and a manager reassigns it", async () => {
    const gone = { _id: "u3", name: "Cy Former", isActive: false };
    server.on(API_ENDPOINTS.tasks.list, {
      success: true,
      now: NOW,
      data: [
        task("t1", "Call back", "2030-03-05T21:00:00.000Z", { assignee: gone }),
        task("t2", "Send the forms", "2030-03-06T15:00:00.000Z"),
      ],
    });
    server.on(API_ENDPOINTS.tasks.update, {
      success: true,
      data: task("t1", "Call back", "2030-03-05T21:00:00.000Z", {
        assignee: { _id: "u2", name: "Bo Agent", isActive: true },
      }),
    });
    renderInDashboard(server, <TasksView />, { url: "/dashboard/tasks" });
    fireEvent.click(await screen.findByRole("button", { name: "Everyone's" }));
    const items = await screen.findAllByRole("listitem");
    const flagged = items.find((item) => item.textContent?.includes("Call back")) as HTMLElement;
    expect(within(flagged).getByText("Account deactivated")).toBeTruthy();
    expect(flagged.textContent).toContain("Cy Former");
    const other = items.find((item) => item.textContent?.includes("Send the forms"));
    expect(other?.textContent).not.toContain("Account deactivated");

    fireEvent.click(within(flagged).getByRole("button", { name: /^Reassign/ }));
    await within(flagged).findByRole("option", { name: "Bo Agent" });
    fireEvent.change(within(flagged).getByLabelText(/^Give it to/), { target: { value: "u2" } });
    fireEvent.click(
      within(flagged)
        .getAllByRole("button", { name: /^Reassign/ })
        .at(-1) as HTMLElement,
    );
    await waitFor(() => expect(screen.queryByText("Account deactivated")).toBeNull());
    expect(server.requestsTo(API_ENDPOINTS.tasks.update)[0]?.body).toEqual({ assignedTo: "u2" });
  });

  it("lists the tasks that need an owner for a manager", async () => {
    server.on(API_ENDPOINTS.tasks.list, { success: true, now: NOW, data: [] });
    renderInDashboard(server, <TasksView />, { url: "/dashboard/tasks" });
    expect(await screen.findByText("No open tasks.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Needs an owner" }));
    expect(await screen.findByText("Every open task has someone to do it.")).toBeTruthy();
    expect(server.requestsTo(API_ENDPOINTS.tasks.list).at(-1)?.url.search).toBe(
      "?scope=unowned&state=open",
    );
    cleanup();
    renderInDashboard(server, <TasksView />, { url: "/dashboard/tasks", user: AGENT });
    expect(await screen.findByText("No open tasks.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Needs an owner" })).toBeNull();
  });
});
