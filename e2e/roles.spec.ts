import { signInThroughForm } from "./support/auth.ts";
import {
  type Account,
  createAccount,
  openDashboard,
  sendMessage,
  signIn,
  uniqueTag,
} from "./support/dashboard.ts";
import { expectNoHorizontalScroll, skipCookieBanner } from "./support/forms.ts";
import { expect, type Page, test } from "./support/test.ts";

/**
 * Each role sees only what it may use (issue 14 section 4, decision 0025): an agent works
 * leads but has no Export, no Delete/Archive and no Users view; a manager has Export and
 * Archive but no Users view. The server refuses the rest either way (role-matrix.test.ts).
 */

const ARCHIVE_BUTTON = /^(Delete|Archive)\b/;

/** The sidebar's navigation: in the drawer on a phone (opened first), fixed on a desktop. */
async function dashboardNav(page: Page) {
  const width = page.viewportSize()?.width ?? 1280;
  if (width < 768) {
    await page.getByRole("button", { name: "Dashboard Menu" }).click();
    return page.getByRole("dialog").getByRole("navigation", { name: "Dashboard" });
  }
  return page.getByRole("navigation", { name: "Dashboard" });
}

for (const width of [1280, 375]) {
  test.describe(`roles at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 768 ? 812 : 900 } });

    let agent: Account;
    let manager: Account;
    let tag: string;
    test.beforeAll(async ({ request }) => {
      agent = createAccount("agent");
      manager = createAccount("manager");
      tag = uniqueTag("Rl");
      await sendMessage(request, {
        firstName: "Rowan",
        lastName: tag,
        email: `${tag.toLowerCase()}@example.com`,
        message: "Please call me about a home policy.",
      });
    });

    test("an agent works leads without Export, Delete or Users", async ({ page }, info) => {
      await signIn(page, agent);
      // The address of a view the role does not open falls back to the overview.
      await openDashboard(page, "users");
      await expect(
        page.getByRole("heading", { level: 1, name: "Dashboard Overview" }),
      ).toBeVisible();
      await expect(page.getByRole("heading", { name: "Waiting to be worked" })).toBeVisible();
      await expect(page.getByRole("link", { name: /New messages/ })).toContainText(/\d/);
      await expect(page.getByRole("button", { name: "Generate Report" })).toHaveCount(0);
      await expectNoHorizontalScroll(page);
      await page.screenshot({
        path: info.outputPath(`agent-overview-${width}.png`),
        fullPage: true,
      });

      const nav = await dashboardNav(page);
      await expect(nav.getByRole("link", { name: "Contacts" })).toBeVisible();
      await expect(nav.getByRole("link", { name: "Settings" })).toBeVisible();
      await expect(nav.getByRole("link", { name: "All Users" })).toHaveCount(0);
      await nav.getByRole("link", { name: "Contacts" }).click();

      await expect(page.getByRole("heading", { level: 1, name: "Contacts" })).toBeVisible();
      await page.getByRole("searchbox", { name: "Search contacts" }).fill(tag);
      // The box sends its text after a 300 ms pause: until then the list is unsearched (the
      // other width's "Rowan Rl…" shows too), so wait for the one match before looking.
      await expect(page.getByRole("region", { name: "Contacts 1 to 1 of 1" })).toBeVisible();
      await expect(page.locator(`:text("Rowan ${tag}"):visible`).first()).toBeVisible();
      await expect(page.getByRole("button", { name: "Export CSV" })).toHaveCount(0);
      await expect(page.getByRole("button", { name: ARCHIVE_BUTTON })).toHaveCount(0);
      await page.screenshot({
        path: info.outputPath(`agent-contacts-${width}.png`),
        fullPage: true,
      });
    });

    test("a Support member signs in through the form and lands on the dashboard", async ({
      page,
    }) => {
      const support = createAccount("support");
      await skipCookieBanner(page);
      await signInThroughForm(page, support);
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole("heading", { name: "Waiting to be worked" })).toBeVisible();
    });

    test("an admin manages a manager's roles, but Admin and admins are locked with the reason", async ({
      page,
    }, info) => {
      const admin = createAccount("admin");
      const otherAdmin = createAccount("admin");
      await signIn(page, admin);
      await openDashboard(page, "users");
      const users = page.getByRole("list", { name: "Users" });
      const panel = page.getByRole("article");
      const open = async (email: string) => {
        await page.getByRole("searchbox", { name: "Search users" }).fill(email);
        await users.getByRole("button").filter({ hasText: email }).click();
      };

      await page.getByRole("searchbox", { name: "Search users" }).fill(manager.email);
      // The list names each staff member's role.
      await expect(users.getByRole("button").filter({ hasText: manager.email })).toContainText(
        "Manager",
      );
      await open(manager.email);
      await expect(panel.getByRole("button", { name: "Agent", exact: true })).not.toHaveAttribute(
        "aria-disabled",
        "true",
      );
      await expect(panel.getByRole("button", { name: "Admin", exact: true })).toHaveAttribute(
        "aria-disabled",
        "true",
      );
      const isAdmin = panel.getByRole("switch", { name: "Administrator" });
      await expect(isAdmin).toHaveAccessibleDescription(
        /Only a super admin can grant or remove administrator access\./,
      );
      await expect(
        panel.getByRole("switch", { name: "Verified (active account)" }),
      ).not.toHaveAttribute("aria-disabled", "true");
      await expectNoHorizontalScroll(page);
      await page.screenshot({
        path: info.outputPath(`admin-on-manager-${width}.png`),
        fullPage: true,
      });

      if (width < 768) await panel.getByRole("button", { name: "Back to all users" }).click();
      await open(otherAdmin.email);
      await expect(
        panel.getByText(
          "Only a super admin can change, deactivate or delete an administrator's account.",
        ),
      ).toBeVisible();
      await expect(
        panel.getByRole("switch", { name: "Verified (active account)" }),
      ).toHaveAttribute("aria-disabled", "true");
      await expect(panel.getByRole("button", { name: "Manager", exact: true })).toHaveAttribute(
        "aria-disabled",
        "true",
      );
      await page.screenshot({
        path: info.outputPath(`admin-on-admin-${width}.png`),
        fullPage: true,
      });
    });

    test("a manager has Export and Archive, and no Users", async ({ page }, info) => {
      await signIn(page, manager);
      await openDashboard(page, "contacts");
      await expect(page.getByRole("heading", { level: 1, name: "Contacts" })).toBeVisible();
      await page.getByRole("searchbox", { name: "Search contacts" }).fill(tag);
      // The box sends its text after a 300 ms pause: until then the list is unsearched (the
      // other width's "Rowan Rl…" shows too), so wait for the one match before looking.
      await expect(page.getByRole("region", { name: "Contacts 1 to 1 of 1" })).toBeVisible();
      await expect(page.locator(`:text("Rowan ${tag}"):visible`).first()).toBeVisible();
      await expect(page.getByRole("button", { name: "Export CSV" })).toBeVisible();
      await expect(page.getByRole("button", { name: ARCHIVE_BUTTON }).first()).toBeVisible();
      await page.screenshot({
        path: info.outputPath(`manager-contacts-${width}.png`),
        fullPage: true,
      });

      const nav = await dashboardNav(page);
      await expect(nav.getByRole("link", { name: "All Users" })).toHaveCount(0);
      await nav.getByRole("link", { name: "Dashboard", exact: true }).click();
      // The agency's figures: a manager sees reports.
      await expect(page.getByRole("button", { name: "Generate Report" })).toBeVisible();
      await expect(page.getByText("Total Contacts")).toBeVisible();
    });
  });
}
