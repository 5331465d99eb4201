import AxeBuilder from "@axe-core/playwright";
import {
  createStaff,
  passwordLinkFromOutbox,
  type StaffAccount,
  signInThroughForm,
  startIsolatedServer,
  uniqueTag,
} from "./support/auth.ts";
import { type APIRequestContext, expect, type Page, test } from "./support/test.ts";

/**
 * The dashboard's All Users view (issue 6): search, badges, the access switches (with
 * deactivation stopping sign-in), role buttons sending the full list, invitations, and the
 * server's refusal to demote the last active administrator.
 */

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const UPDATED = "User updated successfully!";

type ApiUser = {
  _id: string;
  email: string;
  role: string[];
  isAdmin: boolean;
  supperAdmin: boolean;
  isVerified: boolean;
};

/** Signs in through the form on the way to All Users (the login page returns there). */
async function openUsersView(page: Page, account: StaffAccount) {
  await page.addInitScript(() => {
    window.localStorage.setItem("cookieConsent", "necessary");
  });
  await signInThroughForm(page, account, { next: "/dashboard/users" });
  await expect(page).toHaveURL(/\/dashboard\/users$/);
  await expect(page.getByRole("heading", { level: 1, name: "All Users" })).toBeVisible();
  await expect(usersList(page)).toBeVisible();
}

function usersList(page: Page) {
  return page.getByRole("list", { name: "Users" });
}

function userItem(page: Page, text: string) {
  return usersList(page).getByRole("button").filter({ hasText: text });
}

function detail(page: Page) {
  return page.getByRole("article");
}

async function search(page: Page, text: string) {
  await page.getByRole("searchbox", { name: "Search users" }).fill(text);
}

function toast(page: Page, text: string) {
  return page.getByRole("status").filter({ hasText: text });
}

async function tokenOf(request: APIRequestContext, account: StaffAccount): Promise<string> {
  const response = await request.post("/api/users/login", {
    data: { email: account.email, password: account.password },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

async function readUser(request: APIRequestContext, token: string, id: string): Promise<ApiUser> {
  const response = await request.get(`/api/users/list/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as ApiUser;
}

async function loginStatus(request: APIRequestContext, account: StaffAccount): Promise<number> {
  const response = await request.post("/api/users/login", {
    data: { email: account.email, password: account.password },
  });
  return response.status();
}

test.describe("All Users at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  let admin: StaffAccount;
  test.beforeAll(async () => {
    admin = await createStaff("admin", { firstName: "Avery" });
  });

  test("search by first name, last name and email, with the badges", async ({ page, request }) => {
    const tag = uniqueTag("Qx");
    const [plain, otherAdmin, superAdmin] = await Promise.all([
      createStaff("user", { firstName: `Marisol${tag}`, lastName: "Quist" }),
      createStaff("admin", { firstName: "Bo", lastName: `Lindgren${tag}` }),
      createStaff("super-admin", { firstName: "Cy", lastName: `Vang${tag}` }),
    ]);
    const token = await tokenOf(request, admin);
    const invitedEmail = `${tag.toLowerCase()}-invited@example.com`;
    const invited = await request.post("/api/users/invite", {
      headers: { authorization: `Bearer ${token}` },
      data: { email: invitedEmail, firstName: "Ines", lastName: `Okafor${tag}`, isAdmin: false },
    });
    expect(invited.status()).toBe(201);

    await openUsersView(page, admin);
    // First name.
    await search(page, `marisol${tag}`);
    await expect(usersList(page).getByRole("button")).toHaveCount(1);
    await expect(userItem(page, plain.email)).toBeVisible();
    await expect(page.getByText("1 of")).toBeVisible();
    // Last name: the three tagged last names.
    await search(page, tag);
    await expect(usersList(page).getByRole("button")).toHaveCount(4);
    // Email.
    await search(page, otherAdmin.email);
    await expect(usersList(page).getByRole("button")).toHaveCount(1);
    await expect(userItem(page, otherAdmin.email)).toBeVisible();
    // Full name.
    await search(page, `cy vang${tag}`);
    await expect(usersList(page).getByRole("button")).toHaveCount(1);

    // Badges.
    await search(page, tag);
    await expect(userItem(page, plain.email)).not.toContainText(/Admin|Unverified/);
    await expect(userItem(page, otherAdmin.email)).toContainText("Admin");
    await expect(userItem(page, otherAdmin.email)).not.toContainText("Super Admin");
    await expect(userItem(page, superAdmin.email)).toContainText("Super Admin");
    await expect(userItem(page, invitedEmail)).toContainText("Unverified");

    // No match, then Clear Search.
    await search(page, `${tag}zzz`);
    await expect(page.getByText(`No user matches “${tag}zzz”.`)).toBeVisible();
    await page.getByRole("button", { name: "Clear Search" }).click();
    await expect(page.getByRole("searchbox", { name: "Search users" })).toHaveValue("");
    await expect(userItem(page, admin.email)).toBeVisible();
  });

  test("the detail panel shows the user; the Verified switch deactivates and reactivates", async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    const person = await createStaff("user", { firstName: "Pat", lastName: uniqueTag("Ng") });
    // The person is signed in elsewhere; deactivation must end that session at once.
    const elsewhere = await browser.newContext({ baseURL });
    const theirLogin = await elsewhere.request.post("/api/users/login", {
      data: { email: person.email, password: person.password, rememberMe: true },
    });
    expect(theirLogin.status()).toBe(200);

    await openUsersView(page, admin);
    await search(page, person.email);
    await userItem(page, person.email).click();
    const panel = detail(page);
    await expect(panel.getByRole("heading", { name: `Pat ${person.lastName}` })).toBeVisible();
    await expect(panel).toContainText(person.id);
    await expect(panel).toContainText(person.email);
    await expect(panel).toContainText("Central Time");
    await expect(panel.getByText("Active", { exact: true }).first()).toBeVisible();
    await expect(userItem(page, person.email)).toHaveAttribute("aria-current", "true");

    const verified = panel.getByRole("switch", { name: "Verified (active account)" });
    await expect(verified).toHaveAttribute("aria-checked", "true");
    // Keyboard: Space toggles the focused switch.
    await verified.focus();
    await page.keyboard.press("Space");
    await expect(toast(page, UPDATED)).toBeVisible();
    await expect(verified).toHaveAttribute("aria-checked", "false");
    await expect(verified).toBeFocused();
    await expect(panel.getByText("Inactive", { exact: true }).first()).toBeVisible();
    await expect(userItem(page, person.email)).toContainText("Unverified");

    expect(await loginStatus(request, person)).toBe(401);
    expect((await elsewhere.request.post("/api/users/refresh")).status()).toBe(401);
    await elsewhere.close();

    await verified.click();
    await expect(verified).toHaveAttribute("aria-checked", "true");
    expect(await loginStatus(request, person)).toBe(200);

    // Administrator and Super Admin are a super admin's to grant (decision 0025): this admin
    // sees both switches locked, with the reason, and a click changes nothing.
    const isAdmin = panel.getByRole("switch", { name: "Administrator" });
    await expect(isAdmin).toHaveAttribute("aria-disabled", "true");
    await expect(isAdmin).toHaveAccessibleDescription(
      /Only a super admin can grant or remove administrator access\./,
    );
    await isAdmin.click({ force: true });
    const superAdmin = panel.getByRole("switch", { name: "Super Admin" });
    await expect(superAdmin).toHaveAttribute("aria-disabled", "true");
    await expect(superAdmin).toHaveAccessibleDescription(
      /Only a super admin can grant or revoke super admin access\./,
    );
    await expect(isAdmin).toHaveAttribute("aria-checked", "false");
    await expect(panel.getByRole("button", { name: "Admin", exact: true })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    const token = await tokenOf(request, admin);
    expect(await readUser(request, token, person.id)).toMatchObject({
      isAdmin: false,
      supperAdmin: false,
      isVerified: true,
    });
    // Nor does this admin's invitation form offer administrator access.
    await page.getByRole("button", { name: "Invite staff member" }).click();
    const form = page.getByRole("region", { name: "Invite staff member" });
    await expect(form.getByText(/give them a role \(Agent, Support or Manager\)/)).toBeVisible();
    await expect(form.getByRole("checkbox", { name: "Make them an administrator" })).toHaveCount(0);
  });

  test("a super admin grants Administrator; the list shows the badge", async ({
    page,
    request,
  }) => {
    const owner = await createStaff("super-admin", { firstName: "Olu" });
    const person = await createStaff("user", { firstName: "Kim", lastName: uniqueTag("Grant") });
    await openUsersView(page, owner);
    await search(page, person.email);
    await userItem(page, person.email).click();
    const isAdmin = detail(page).getByRole("switch", { name: "Administrator" });
    await isAdmin.click();
    await expect(isAdmin).toHaveAttribute("aria-checked", "true");
    await expect(userItem(page, person.email)).toContainText("Admin");
    const token = await tokenOf(request, owner);
    expect(await readUser(request, token, person.id)).toMatchObject({
      isAdmin: true,
      role: ["User", "Admin"],
    });
  });

  test("role buttons send the full role list", async ({ page, request }) => {
    const person = await createStaff("user", { firstName: "Rae", lastName: uniqueTag("Roles") });
    await openUsersView(page, admin);
    await search(page, person.email);
    await userItem(page, person.email).click();
    const panel = detail(page);
    await expect(panel.getByRole("button", { name: "User", exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );

    const bodies: unknown[] = [];
    page.on("request", (request) => {
      if (request.method() === "PUT") bodies.push(request.postDataJSON());
    });
    const agent = panel.getByRole("button", { name: "Agent", exact: true });
    await agent.click();
    await expect(agent).toHaveAttribute("aria-pressed", "true");
    await expect(toast(page, UPDATED)).toBeVisible();
    await panel.getByRole("button", { name: "Manager", exact: true }).click();
    await expect(panel.getByRole("button", { name: "Manager", exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await panel.getByRole("button", { name: "User", exact: true }).click();
    await expect(panel.getByRole("button", { name: "User", exact: true })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
    expect(bodies).toEqual([
      { role: ["User", "Agent"] },
      { role: ["User", "Manager", "Agent"] },
      { role: ["Manager", "Agent"] },
    ]);
    await expect(panel).toContainText("Manager, Agent");
    const token = await tokenOf(request, admin);
    expect((await readUser(request, token, person.id)).role).toEqual(["Manager", "Agent"]);
  });

  test("invite a staff member, who chooses a password through the emailed link", async ({
    page,
    browser,
    baseURL,
  }) => {
    const tag = uniqueTag("In");
    const email = `${tag.toLowerCase()}@example.com`;
    // Inviting an administrator is a super admin's call (decision 0025).
    const owner = await createStaff("super-admin", { firstName: "Ode" });
    await openUsersView(page, owner);
    const invite = page.getByRole("button", { name: "Invite staff member" });
    await invite.click();
    await expect(invite).toHaveAttribute("aria-expanded", "true");
    const form = page.getByRole("region", { name: "Invite staff member" });
    await expect(form.getByRole("textbox", { name: "Email" })).toBeFocused();
    await form.getByRole("button", { name: "Send invitation" }).click();
    await expect(form.getByRole("textbox", { name: "Email" })).toHaveAccessibleDescription(
      "Email is required",
    );
    await form.getByRole("textbox", { name: "Email" }).fill(email);
    await form.getByRole("textbox", { name: "First name" }).fill("Nia");
    await form.getByRole("textbox", { name: "Last name" }).fill(tag);
    await form.getByRole("checkbox", { name: "Make them an administrator" }).check();
    await form.getByRole("button", { name: "Send invitation" }).click();

    await expect(toast(page, `Invitation sent to ${email}.`)).toBeVisible();
    const panel = detail(page);
    await expect(panel.getByRole("heading", { name: `Nia ${tag}` })).toBeFocused();
    await expect(panel.getByText("Inactive", { exact: true }).first()).toBeVisible();
    await expect(userItem(page, email)).toContainText("Admin");
    await expect(userItem(page, email)).toContainText("Unverified");

    // The same email again is refused at the email field.
    await invite.click();
    await form.getByRole("textbox", { name: "Email" }).fill(email);
    await form.getByRole("button", { name: "Send invitation" }).click();
    await expect(form.getByRole("textbox", { name: "Email" })).toHaveAccessibleDescription(
      "A user with this email already exists",
    );
    await form.getByRole("button", { name: "Cancel" }).click();
    await expect(invite).toBeFocused();

    // The invitee opens the link, chooses a password and signs in to the dashboard.
    const link = await passwordLinkFromOutbox(email);
    expect(link).toMatch(/^\/reset-password\?token=[\w-]{20,}&invite=1$/);
    const theirs = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL });
    const invitee = await theirs.newPage();
    await invitee.goto(link);
    await expect(
      invitee.getByRole("heading", { level: 1, name: "Choose your password" }),
    ).toBeVisible();
    await expect(invitee.locator('form[data-ready="true"]')).toBeAttached();
    const password = "nia chooses a long password";
    await invitee.getByLabel("New password", { exact: true }).fill(password);
    await invitee.getByLabel("Confirm new password").fill(password);
    await invitee.getByRole("button", { name: "Save password" }).click();
    await expect(invitee.getByText("Your password is set. You can sign in now.")).toBeVisible();
    await signInThroughForm(invitee, { email, password });
    await expect(invitee).toHaveURL(/\/dashboard$/);
    await theirs.close();

    // Now verified: the admin's list shows it after a reload.
    await page.reload();
    await search(page, email);
    await expect(userItem(page, email)).not.toContainText("Unverified");
  });

  test("revoke an invitation, then resend it, from the detail panel", async ({ page, request }) => {
    const tag = uniqueTag("Rv");
    const email = `${tag.toLowerCase()}@example.com`;
    const token = await tokenOf(request, admin);
    const invited = await request.post("/api/users/invite", {
      headers: { authorization: `Bearer ${token}` },
      data: { email, firstName: "Rui", lastName: tag, isAdmin: false },
    });
    expect(invited.status()).toBe(201);
    const firstLink = await passwordLinkFromOutbox(email);
    const accept = (link: string) =>
      request.post("/api/users/reset-password", {
        data: {
          token: new URLSearchParams(link.split("?")[1]).get("token"),
          password: "rui's own long password",
        },
      });

    await openUsersView(page, admin);
    await search(page, email);
    await userItem(page, email).click();
    const panel = detail(page);
    const invitation = panel.getByRole("region", { name: "Invitation" });
    await expect(invitation).toContainText("Not accepted yet. The emailed link works until");

    await invitation.getByRole("button", { name: "Revoke invitation" }).click();
    await expect(
      toast(page, `Invitation revoked. The link sent to ${email} no longer works.`),
    ).toBeVisible();
    await expect(invitation).toContainText("no link works any more");
    await expect(invitation.getByRole("button", { name: "Revoke invitation" })).toHaveCount(0);
    expect((await accept(firstLink)).status()).toBe(400);

    await invitation.getByRole("button", { name: "Resend invitation" }).click();
    await expect(toast(page, `A new invitation was sent to ${email}.`)).toBeVisible();
    await expect(invitation.getByRole("button", { name: "Revoke invitation" })).toBeVisible();
    let secondLink = firstLink;
    await expect
      .poll(async () => {
        secondLink = await passwordLinkFromOutbox(email);
        return secondLink;
      })
      .not.toBe(firstLink);
    expect((await accept(secondLink)).status()).toBe(200);

    // Accepted: the invitation section is gone after a reload.
    await page.reload();
    await search(page, email);
    await userItem(page, email).click();
    await expect(userItem(page, email)).not.toContainText("Unverified");
    await expect(detail(page).getByRole("region", { name: "Invitation" })).toHaveCount(0);
  });

  test("a failed list shows the spec's toast and Try Again", async ({ page }) => {
    let failures = 1;
    await page.route("**/api/users/list", (route) => {
      if (failures-- > 0) {
        return route.fulfill({
          status: 503,
          contentType: "application/json",
          body: JSON.stringify({ error: "The database is busy" }),
        });
      }
      return route.continue();
    });
    await page.addInitScript(() => {
      window.localStorage.setItem("cookieConsent", "necessary");
    });
    await signInThroughForm(page, admin, { next: "/dashboard/users" });
    await expect(toast(page, "Failed to fetch users: The database is busy")).toBeVisible();
    await page.getByRole("button", { name: "Try Again" }).click();
    await expect(usersList(page)).toBeVisible();
  });

  test("the view passes axe with a user open", async ({ page }) => {
    await openUsersView(page, admin);
    await search(page, admin.email);
    await userItem(page, admin.email).click();
    await expect(detail(page).getByRole("heading", { name: /\(you\)$/ })).toBeVisible();
    const axe = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    expect(axe.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });
});

test.describe("All Users at 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the list and the detail take turns, with a Back button", async ({ page }) => {
    const admin = await createStaff("admin", { firstName: "Mo" });
    const person = await createStaff("user", { firstName: "Lu", lastName: uniqueTag("Phone") });
    await openUsersView(page, admin);
    await search(page, person.email);
    await userItem(page, person.email).click();

    const panel = detail(page);
    await expect(panel.getByRole("heading", { name: `Lu ${person.lastName}` })).toBeFocused();
    await expect(usersList(page)).toBeHidden();
    const agent = panel.getByRole("button", { name: "Agent", exact: true });
    await agent.click();
    await expect(agent).toHaveAttribute("aria-pressed", "true");

    await panel.getByRole("button", { name: "Back to all users" }).click();
    await expect(panel).toBeHidden();
    await expect(userItem(page, person.email)).toBeFocused();
    // Nothing sticks out sideways.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    await userItem(page, person.email).click();
    const axe = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    expect(axe.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });
});

test.describe("the last active administrator", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("cannot lose admin rights or be deactivated", async ({ browser }) => {
    // A server of its own starts first: slow on a loaded machine.
    test.slow();
    // Its own server and database: here there is exactly one administrator.
    const server = await startIsolatedServer();
    try {
      const onlyAdmin = await createStaff("super-admin", {
        firstName: "Solo",
        databaseUrl: server.databaseUrl,
      });
      const context = await browser.newContext({
        baseURL: server.baseURL,
        viewport: { width: 1280, height: 900 },
      });
      const page = await context.newPage();
      page.on("dialog", (dialog) => void dialog.accept());
      await openUsersView(page, onlyAdmin);
      await userItem(page, onlyAdmin.email).click();
      const panel = detail(page);
      const refusal =
        "Failed to update user: This is the last active administrator. Make another user an administrator first.";

      // The only super admin keeps it: only a super admin manages admins.
      const superAdmin = panel.getByRole("switch", { name: "Super Admin" });
      await superAdmin.click();
      await expect(
        toast(
          page,
          "Failed to update user: This is the last active super admin. Make another user a super admin first.",
        ),
      ).toBeVisible();
      await expect(superAdmin).toHaveAttribute("aria-checked", "true");

      await page.getByRole("button", { name: "Close notification" }).click();
      const verified = panel.getByRole("switch", { name: "Verified (active account)" });
      await verified.click();
      await expect(toast(page, refusal)).toBeVisible();
      await expect(verified).toHaveAttribute("aria-checked", "true");
      // Still signed in and still an administrator.
      await page.reload();
      await expect(page.getByRole("heading", { level: 1, name: "All Users" })).toBeVisible();
      await context.close();
    } finally {
      await server.stop();
    }
  });
});
