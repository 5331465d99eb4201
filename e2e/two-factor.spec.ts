import AxeBuilder from "@axe-core/playwright";
import { createStaff, openLoginPage, type StaffAccount } from "./support/auth.ts";
import { skipCookieBanner } from "./support/forms.ts";
import { expect, type Page, test } from "./support/test.ts";
import { totpFromManualKey } from "./support/totp.ts";

/**
 * Two-factor sign-in (decision 0023) as a staff member meets it: set up from Settings with
 * the manual key typed into "their app" (computed here from the key shown), sign out, sign
 * in with a code, then with a recovery code.
 */

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

async function enterPassword(page: Page, account: StaffAccount) {
  await openLoginPage(page);
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

async function openSettings(page: Page) {
  await page.goto("/dashboard/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
}

async function signOut(page: Page) {
  await page.goto("/api/auth/logout");
  await expect(page.locator('form[data-ready="true"]')).toBeAttached();
}

test("enrol from Settings, then sign in with an authenticator code and with a recovery code", async ({
  page,
}) => {
  test.slow();
  await skipCookieBanner(page);
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && !/status of 40[01]/.test(message.text())) {
      problems.push(message.text());
    }
  });
  const admin = await createStaff("admin");
  await enterPassword(page, admin);
  await expect(page).toHaveURL(/\/dashboard/);
  await openSettings(page);

  const section = page.getByRole("region", { name: "Two-factor sign-in" });
  await section.getByRole("button", { name: "Set Up Two-Factor Sign-In" }).click();
  const qr = section.getByRole("img", { name: /QR code/ });
  await expect(qr).toBeVisible();
  // The QR image loads under the page's CSP (img-src data:).
  expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(
    true,
  );
  const manualKey = (await section.getByTestId("manual-key").textContent()) ?? "";
  expect(manualKey).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);

  // A wrong code is refused, shown, and the field gets the focus back.
  const codeField = section.getByRole("textbox", { name: "Code from your app" });
  await codeField.fill("000000");
  await section.getByRole("button", { name: "Turn On Two-Factor Sign-In" }).click();
  await expect(section.getByRole("alert")).toContainText("That code is not right");
  await expect(codeField).toBeFocused();

  await codeField.fill(totpFromManualKey(manualKey));
  await section.getByRole("button", { name: "Turn On Two-Factor Sign-In" }).click();
  const codesList = section.getByRole("list", { name: "Recovery codes" });
  await expect(codesList).toBeVisible();
  const recoveryCodes = await codesList.getByRole("listitem").allTextContents();
  expect(recoveryCodes).toHaveLength(10);
  await expect(section.getByRole("button", { name: "Download Codes" })).toBeVisible();
  await section.getByRole("button", { name: "Done" }).click();
  await expect(section.getByText("Recovery codes left: 10 of 10")).toBeVisible();
  const axe = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);

  // Signing in now takes a second step.
  await signOut(page);
  await enterPassword(page, admin);
  const twoFactorCode = page.getByRole("textbox", { name: "Two-factor code" });
  await expect(twoFactorCode).toBeFocused();
  await expect(twoFactorCode).toHaveAttribute("autocomplete", "one-time-code");
  await expect(twoFactorCode).toHaveAttribute("inputmode", "numeric");
  await twoFactorCode.fill("123");
  await page.getByRole("button", { name: "Verify and Sign In" }).click();
  await expect(page.getByText("Enter the 6-digit code from your authenticator app")).toBeVisible();
  await expect(twoFactorCode).toBeFocused();
  const stepAxe = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(stepAxe.violations.map((violation) => violation.id)).toEqual([]);
  // The enrolment used this time step's code: the app's next one is within the window.
  await twoFactorCode.fill(totpFromManualKey(manualKey, new Date(Date.now() + 30_000)));
  await page.getByRole("button", { name: "Verify and Sign In" }).click();
  await expect(page).toHaveURL(/\/dashboard/);

  // And with a recovery code, which works once.
  await signOut(page);
  await enterPassword(page, admin);
  await page.getByRole("button", { name: "Use a recovery code" }).click();
  const recoveryField = page.getByRole("textbox", { name: "Recovery code" });
  await expect(recoveryField).toBeFocused();
  await recoveryField.fill(recoveryCodes[0] ?? "");
  await page.getByRole("button", { name: "Verify and Sign In" }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await openSettings(page);
  await expect(page.getByText("Recovery codes left: 9 of 10")).toBeVisible();

  await signOut(page);
  await enterPassword(page, admin);
  await page.getByRole("button", { name: "Use a recovery code" }).click();
  await page.getByRole("textbox", { name: "Recovery code" }).fill(recoveryCodes[0] ?? "");
  await page.getByRole("button", { name: "Verify and Sign In" }).click();
  await expect(page.getByRole("alert")).toContainText(
    "That recovery code is not right, or it has been used already.",
  );
  await expect(page.getByRole("textbox", { name: "Recovery code" })).toBeFocused();
  expect(problems).toEqual([]);
});
