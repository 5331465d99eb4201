import { API_ENDPOINTS, type EmailTemplate, STAFF_EMAIL_MESSAGES, type User } from "@agency/domain";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderInDashboard, STAFF_USER } from "../../test/render-in-dashboard";
import { failure, stubFetch } from "../../test/stub-fetch";
import { EmailTemplatesSection } from "./email-templates-section";
import { SettingsView } from "./settings-view";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const template = (id: string, name: string): EmailTemplate => ({
  _id: id,
  name,
  subject: "Hello {{firstName}}",
  body: "Hi {{firstName}}, this is {{agentName}}.",
  updatedAt: "2026-11-20T15:00:00.000Z",
});

let server: ReturnType<typeof stubFetch>;
let stored: EmailTemplate[];
beforeEach(() => {
  server = stubFetch();
  window.localStorage.clear();
  stored = [template("t1", "Welcome")];
  server.on(API_ENDPOINTS.emailTemplates.list, () => ({ body: { success: true, data: stored } }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the email templates section", () => {
  it("lists the templates and adds one", async () => {
    server.on(API_ENDPOINTS.emailTemplates.create, (request) => {
      const added = { ...template("t2", ""), ...(request.body as object) } as EmailTemplate;
      stored = [...stored, added];
      return { status: 201, body: { success: true, data: added } };
    });
    renderInDashboard(server, <EmailTemplatesSection />);
    const list = await screen.findByRole("list", { name: "Saved templates" });
    expect(within(list).getByText("Welcome")).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Template name"), { target: { value: "Follow-up" } });
    fireEvent.change(screen.getByLabelText("Subject"), { target: { value: "Checking in" } });
    fireEvent.change(screen.getByLabelText("Message"), {
      target: { value: "Hi {{firstName}}, any questions?" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Add template" }));
    expect((await screen.findByRole("status")).textContent).toBe("Template “Follow-up” added.");
    expect(server.requestsTo(API_ENDPOINTS.emailTemplates.create)[0]?.body).toEqual({
      name: "Follow-up",
      subject: "Checking in",
      body: "Hi {{firstName}}, any questions?",
    });
    await waitFor(() => expect(within(list).getByText("Follow-up")).toBeTruthy());
    expect((screen.getByLabelText("Template name") as HTMLInputElement).value).toBe("");
  });

  it("refuses an unknown placeholder beside its field, and shows the server's refusal", async () => {
    server.on(API_ENDPOINTS.emailTemplates.create, () =>
      failure(409, STAFF_EMAIL_MESSAGES.templateNameTaken),
    );
    renderInDashboard(server, <EmailTemplatesSection />);
    await screen.findByRole("list", { name: "Saved templates" });
    fireEvent.change(screen.getByLabelText("Template name"), { target: { value: "Welcome" } });
    fireEvent.change(screen.getByLabelText("Subject"), { target: { value: "Hi" } });
    fireEvent.change(screen.getByLabelText("Message"), { target: { value: "Dear {{lastName}}" } });
    fireEvent.click(screen.getByRole("button", { name: "Add template" }));
    expect(
      await screen.findByText(STAFF_EMAIL_MESSAGES.unknownPlaceholder("lastName")),
    ).toBeTruthy();
    expect(server.requestsTo(API_ENDPOINTS.emailTemplates.create)).toHaveLength(0);

    fireEvent.change(screen.getByLabelText("Message"), { target: { value: "Dear {{firstName}}" } });
    fireEvent.click(screen.getByRole("button", { name: "Add template" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      STAFF_EMAIL_MESSAGES.templateNameTaken,
    );
    expect((screen.getByLabelText("Message") as HTMLTextAreaElement).value).toBe(
      "Dear {{firstName}}",
    );
  });

  it("edits and deletes a template", async () => {
    server.on(API_ENDPOINTS.emailTemplates.update, (request) => {
      const changed = { ...template("t1", ""), ...(request.body as object) } as EmailTemplate;
      stored = [changed];
      return { body: { success: true, data: changed } };
    });
    server.on(API_ENDPOINTS.emailTemplates.delete, () => {
      stored = [];
      return { body: { success: true } };
    });
    renderInDashboard(server, <EmailTemplatesSection />);
    const list = await screen.findByRole("list", { name: "Saved templates" });
    fireEvent.click(within(list).getByRole("button", { name: /^Edit\b/ }));
    const name = screen.getByLabelText("Template name") as HTMLInputElement;
    expect(name.value).toBe("Welcome");
    fireEvent.change(name, { target: { value: "Welcome back" } });
    fireEvent.click(screen.getByRole("button", { name: "Save template" }));
    expect((await screen.findByRole("status")).textContent).toBe("Template “Welcome back” saved.");
    expect(server.requestsTo(API_ENDPOINTS.emailTemplates.update)[0]?.params).toEqual({ id: "t1" });

    fireEvent.click(await within(list).findByRole("button", { name: /^Delete\b/ }));
    fireEvent.click(within(list).getByRole("button", { name: /^Yes, delete\b/ }));
    expect(await screen.findByText("No templates yet.")).toBeTruthy();
  });

  it("is shown in Settings to Managers and above only", async () => {
    const agent: User = { ...STAFF_USER, isAdmin: false, role: ["Agent"] };
    renderInDashboard(server, <SettingsView />, { user: agent, url: "/dashboard/settings" });
    await screen.findByRole("heading", { name: "Your name" });
    expect(screen.queryByRole("heading", { name: "Email templates" })).toBeNull();
    cleanup();
    const manager: User = { ...STAFF_USER, isAdmin: false, role: ["Manager"] };
    renderInDashboard(server, <SettingsView />, { user: manager, url: "/dashboard/settings" });
    expect(await screen.findByRole("heading", { name: "Email templates" })).toBeTruthy();
  });
});
