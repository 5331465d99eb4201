import AxeBuilder from "@axe-core/playwright";
import {
  createStaff,
  LOGIN_PATH,
  openLoginPage,
  passwordLinkFromOutbox,
  REFRESH_COOKIE,
  refreshCookieOf,
  type StaffAccount,
  signInThroughForm,
  stateAfterBrowserRestart,
} from "./support/auth.ts";
import {
  answerJson,
  clickAtTheBottomEdge,
  dropConnection,
  expectFailureText,
  expectInPlainView,
  failEachWay,
  skipCookieBanner,
  VIEWPORTS,
} from "./support/forms.ts";
import { expect, type Page, test } from "./support/test.ts";

/**
 * Staff sign-in, sessions and the password link (issue 6): landing pages by role, the
 * server's errors, the /dashboard guard, remember me across a browser restart, logout
 * ending the session on the server, and forgot password through the outbox link.
 */

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

function mainNav(page: Page) {
  return page.getByRole("navigation", { name: "Main" });
}

/** The nav's Login/Logout item; on a phone it sits in the collapsed menu. */
async function accountItem(page: Page, name: "Login" | "Logout") {
  const toggle = page.getByRole("button", { name: "Menu", exact: true });
  if ((await toggle.isVisible()) && (await toggle.getAttribute("aria-expanded")) === "false") {
    await toggle.click();
  }
  return name === "Login"
    ? mainNav(page).getByRole("link", { name: "Login" })
    : mainNav(page).getByRole("button", { name: "Logout" });
}

/** Whether the server still honours a refresh cookie (from any client). */
async function refreshStatus(page: Page, cookieValue: string): Promise<number> {
  const response = await page.request.fetch("/api/users/refresh", {
    method: "POST",
    headers: { cookie: `${REFRESH_COOKIE}=${cookieValue}` },
  });
  return response.status();
}

test.beforeEach(async ({ page }) => {
  await skipCookieBanner(page);
});

test.describe("sign-in", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  let admin: StaffAccount;
  let plainUser: StaffAccount;
  test.beforeAll(async () => {
    [admin, plainUser] = await Promise.all([createStaff("admin"), createStaff("user")]);
  });

  test("an admin lands on the dashboard and the nav offers Logout", async ({ page }) => {
    await signInThroughForm(page, admin);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard Overview" })).toBeVisible();
    await expect(mainNav(page).getByRole("button", { name: "Logout" })).toBeVisible();
    await expect(mainNav(page).getByRole("link", { name: "Login" })).toHaveCount(0);
  });

  test("a super admin lands on the dashboard", async ({ page }) => {
    const superAdmin = await createStaff("super-admin");
    await signInThroughForm(page, superAdmin);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("a plain user lands on the home page, signed in", async ({ page }) => {
    await signInThroughForm(page, plainUser);
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByRole("heading", { level: 1, name: "Your Safety Our Priority" }),
    ).toBeVisible();
    await expect(mainNav(page).getByRole("button", { name: "Logout" })).toBeVisible();

    // The login page now says who is signed in instead of showing the form.
    await page.goto(LOGIN_PATH);
    await expect(page.getByRole("heading", { name: "You're signed in" })).toBeVisible();
    await expect(page.getByText(`(${plainUser.email})`)).toBeVisible();
    await expect(page.getByText("Account type: User")).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to Home" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to Dashboard" })).toHaveCount(0);
  });

  test("a wrong password shows the server's error and keeps what was typed", async ({ page }) => {
    await signInThroughForm(page, { email: admin.email, password: "not-the-password" });
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
    await expect(page).toHaveURL(new RegExp(`${LOGIN_PATH}$`));
    await expect(page.getByRole("textbox", { name: "Email", exact: true })).toHaveValue(
      admin.email,
    );
    const password = page.getByLabel("Password", { exact: true });
    await expect(password).toHaveValue("not-the-password");
    await expect(password).toBeFocused();
    // An unknown email gets the very same answer.
    await page.getByRole("textbox", { name: "Email", exact: true }).fill("nobody-here@example.com");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
  });

  test("empty fields are flagged before anything is sent", async ({ page }) => {
    let loginCalls = 0;
    page.on("request", (request) => {
      if (request.url().endsWith("/api/users/login")) loginCalls += 1;
    });
    await openLoginPage(page);
    await page.getByRole("button", { name: "Sign In" }).click();
    const email = page.getByRole("textbox", { name: "Email", exact: true });
    await expect(email).toBeFocused();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAccessibleDescription("Email is required");
    await expect(page.getByLabel("Password", { exact: true })).toHaveAccessibleDescription(
      "Password is required",
    );
    await email.fill("dana");
    await expect(email).toHaveAccessibleDescription("Email is invalid");
    expect(loginCalls).toBe(0);
  });

  test("the password can be shown and hidden", async ({ page }) => {
    await openLoginPage(page);
    const password = page.getByLabel("Password", { exact: true });
    await password.fill("secret words here");
    await expect(password).toHaveAttribute("type", "password");
    await page.getByRole("button", { name: "Show password" }).click();
    await expect(password).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Hide password" }).click();
    await expect(password).toHaveAttribute("type", "password");
  });

  test("five failures lock the account with the server's friendly message", async ({ page }) => {
    const victim = await createStaff("admin");
    await openLoginPage(page);
    await page.getByRole("textbox", { name: "Email", exact: true }).fill(victim.email);
    const password = page.getByLabel("Password", { exact: true });
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await password.fill(`wrong-password-${attempt}`);
      const answer = page.waitForResponse((r) => r.url().endsWith("/api/users/login"));
      await page.getByRole("button", { name: "Sign In" }).click();
      expect((await answer).status()).toBe(401);
    }
    // Even the right password is refused now.
    await password.fill(victim.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "Too many failed sign-in attempts. Please wait 15 minutes or reset your password.",
    );
    await expect(page).toHaveURL(new RegExp(`${LOGIN_PATH}$`));
  });
});

for (const viewport of VIEWPORTS) {
  test.describe(`a failed sign-in (${viewport.name})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test("a wrong password and a network failure are both in view, the password focused", async ({
      page,
    }) => {
      const admin = await createStaff("admin");
      await signInThroughForm(page, { email: admin.email, password: "not-the-password" });
      const alert = page.getByRole("alert");
      await expect(alert).toHaveText("Invalid email or password");
      await expectInPlainView(alert);
      await expect(page.getByLabel("Password", { exact: true })).toBeFocused();

      await page.route("**/api/users/login", (route) => route.abort("internetdisconnected"));
      await page.getByLabel("Password", { exact: true }).fill(admin.password);
      await page.getByRole("button", { name: "Sign In" }).click();
      await expect(alert).not.toHaveText("Invalid email or password", { timeout: 10_000 });
      await expectInPlainView(alert);
      await expect(page.getByRole("textbox", { name: "Email", exact: true })).toHaveValue(
        admin.email,
      );
    });
  });
}

test.describe("the /dashboard guard", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("a signed-out visitor is sent to the login page", async ({ page }) => {
    await page.goto("/dashboard");
    await expect(page).toHaveURL(new RegExp(`${LOGIN_PATH}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Staff Login" })).toBeVisible();
  });

  test("a signed-in user without admin rights is sent home", async ({ page }) => {
    const plainUser = await createStaff("user");
    await signInThroughForm(page, plainUser);
    await expect(page).toHaveURL(/\/$/);
    // A full load of /dashboard restores the session first, then sends the user home.
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/$/);
    await expect(mainNav(page).getByRole("button", { name: "Logout" })).toBeVisible();
  });

  test("an admin's session survives a reload of /dashboard", async ({ page }) => {
    const admin = await createStaff("admin");
    await signInThroughForm(page, admin);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.reload();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard Overview" })).toBeVisible();
  });
});

test.describe("remember me", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("with it, the session survives a browser restart", async ({ page, browser, baseURL }) => {
    const admin = await createStaff("admin");
    await signInThroughForm(page, admin, { rememberMe: true });
    await expect(page).toHaveURL(/\/dashboard$/);
    const cookie = await refreshCookieOf(page.context());
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Strict");
    // Persistent for at most 7 days.
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const restarted = await browser.newContext({
      storageState: await stateAfterBrowserRestart(page.context()),
      viewport: { width: 1280, height: 800 },
      baseURL,
    });
    const again = await restarted.newPage();
    await again.goto("/dashboard");
    // A cold browser loads the client-rendered dashboard, restores the session and reads
    // the overview: 4–6 s on a busy 2-core machine, past the default 5 s (flaked 2 in 6).
    await expect(again.getByRole("heading", { level: 1, name: "Dashboard Overview" })).toBeVisible({
      timeout: 15_000,
    });
    await expect(again).toHaveURL(/\/dashboard$/);
    await restarted.close();
  });

  test("without it, a browser restart signs out", async ({ page, browser, baseURL }) => {
    const admin = await createStaff("admin");
    await signInThroughForm(page, admin);
    await expect(page).toHaveURL(/\/dashboard$/);
    const cookie = await refreshCookieOf(page.context());
    expect(cookie?.expires).toBe(-1);

    const restarted = await browser.newContext({
      storageState: await stateAfterBrowserRestart(page.context()),
      viewport: { width: 1280, height: 800 },
      baseURL,
    });
    const again = await restarted.newPage();
    await again.goto("/dashboard");
    await expect(again).toHaveURL(new RegExp(`${LOGIN_PATH}$`), { timeout: 15_000 });
    await expect(mainNav(again).getByRole("link", { name: "Login" })).toBeVisible();
    await restarted.close();
  });

  test("a new tab of the same browser shares the session", async ({ page }) => {
    const admin = await createStaff("admin");
    await signInThroughForm(page, admin);
    await expect(page).toHaveURL(/\/dashboard$/);
    const tab = await page.context().newPage();
    await tab.goto("/");
    await expect(mainNav(tab).getByRole("button", { name: "Logout" })).toBeVisible();
  });
});

for (const viewport of VIEWPORTS) {
  test.describe(`logout (${viewport.name})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test("the nav's Logout ends the session on the server", async ({ page }) => {
      const plainUser = await createStaff("user");
      await signInThroughForm(page, plainUser);
      await expect(page).toHaveURL(/\/$/);
      const cookie = await refreshCookieOf(page.context());
      expect(cookie).toBeDefined();

      await (await accountItem(page, "Logout")).click();
      await expect(page).toHaveURL(new RegExp(`${LOGIN_PATH}$`));
      await expect(page.getByRole("heading", { name: "Sign in to your account" })).toBeVisible();
      await expect(await accountItem(page, "Login")).toBeVisible();
      expect(await refreshCookieOf(page.context())).toBeUndefined();
      // The old refresh cookie no longer works anywhere.
      expect(await refreshStatus(page, cookie?.value ?? "")).toBe(401);
      // A reload stays signed out.
      await page.reload();
      await expect(await accountItem(page, "Login")).toBeVisible();
    });
  });
}

test.describe("logout", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("/api/auth/logout ends the session, then shows the login page", async ({ page }) => {
    const admin = await createStaff("admin");
    await signInThroughForm(page, admin, { rememberMe: true });
    await expect(page).toHaveURL(/\/dashboard$/);
    const cookie = await refreshCookieOf(page.context());

    await page.goto("/api/auth/logout");
    await expect(page).toHaveURL(new RegExp(`${LOGIN_PATH}$`));
    await expect(page.getByRole("heading", { name: "Sign in to your account" })).toBeVisible();
    expect(await refreshStatus(page, cookie?.value ?? "")).toBe(401);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(new RegExp(`${LOGIN_PATH}$`));
  });

  test("the login page's Logout works too", async ({ page }) => {
    const admin = await createStaff("admin");
    await signInThroughForm(page, admin);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(LOGIN_PATH);
    await expect(page.getByRole("link", { name: "Go to Dashboard" })).toBeVisible();
    await page.getByRole("main").getByRole("button", { name: "Logout" }).click();
    await expect(page.getByRole("heading", { name: "Sign in to your account" })).toBeVisible();
    await expect(mainNav(page).getByRole("link", { name: "Login" })).toBeVisible();
  });

  test("a failed logout says so and stays signed in", async ({ page }) => {
    const plainUser = await createStaff("user");
    await signInThroughForm(page, plainUser);
    await expect(page).toHaveURL(/\/$/);
    await page.route("**/api/users/logout", (route) =>
      route.fulfill({ status: 503, contentType: "application/json", body: "{}" }),
    );
    await mainNav(page).getByRole("button", { name: "Logout" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "An error occurred during logout" }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(mainNav(page).getByRole("button", { name: "Logout" })).toBeVisible();

    // The logout page offers to try again; once the server answers, it goes through.
    await page.goto("/api/auth/logout");
    await expect(
      page.getByText("We couldn't sign you out. You are still signed in."),
    ).toBeVisible();
    await page.unroute("**/api/users/logout");
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(page).toHaveURL(new RegExp(`${LOGIN_PATH}$`));
  });
});

test.describe("forgot password", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the emailed link sets a new password once", async ({ page }) => {
    const admin = await createStaff("admin");
    const newPassword = "a brand new passphrase";
    await openLoginPage(page);
    await page.getByRole("textbox", { name: "Email", exact: true }).fill(admin.email);
    const forgot = page.getByRole("button", { name: "Forgot password?" });
    await forgot.click();
    await expect(forgot).toHaveAttribute("aria-expanded", "true");
    const resetEmail = page.getByRole("textbox", { name: "Email for the reset link" });
    await expect(resetEmail).toBeFocused();
    await expect(resetEmail).toHaveValue(admin.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    const answer =
      "If an account exists for that email, we've sent a link to reset the password. It works once, for 30 minutes.";
    await expect(page.getByRole("status").filter({ hasText: answer })).toBeVisible();

    const link = await passwordLinkFromOutbox(admin.email);
    expect(link).toMatch(/^\/reset-password\?token=[\w-]{20,}$/);
    await page.goto(link);
    await expect(
      page.getByRole("heading", { level: 1, name: "Reset your password" }),
    ).toBeVisible();
    await expect(page.locator('form[data-ready="true"]')).toBeAttached();

    const password = page.getByLabel("New password", { exact: true });
    const confirmation = page.getByLabel("Confirm new password");
    await password.fill("too short");
    await page.getByRole("button", { name: "Save password" }).click();
    await expect(password).toBeFocused();
    await expect(password).toHaveAccessibleDescription(/Password must be at least 12 characters$/);
    await password.fill(newPassword);
    await confirmation.fill(`${newPassword}!`);
    await page.getByRole("button", { name: "Save password" }).click();
    await expect(confirmation).toBeFocused();
    await expect(confirmation).toHaveAccessibleDescription("The two passwords do not match");
    await confirmation.fill(newPassword);
    await page.getByRole("button", { name: "Save password" }).click();
    await expect(page.getByRole("heading", { name: "Password saved" })).toBeFocused();
    await expect(page.getByText("Your password is set. You can sign in now.")).toBeVisible();

    await page.getByRole("link", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${LOGIN_PATH}$`));
    // The old password is gone; the new one works.
    await signInThroughForm(page, admin);
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
    await signInThroughForm(page, { email: admin.email, password: newPassword });
    await expect(page).toHaveURL(/\/dashboard$/);

    // The link works once.
    await page.goto(link);
    await expect(page.locator('form[data-ready="true"]')).toBeAttached();
    await page.getByLabel("New password", { exact: true }).fill("yet another passphrase");
    await page.getByLabel("Confirm new password").fill("yet another passphrase");
    await page.getByRole("button", { name: "Save password" }).click();
    await expectFailureText(
      page.getByRole("alert"),
      "This link is invalid or has expired. Please ask for a new one.",
    );
    await expect(page.getByRole("link", { name: "staff login page" })).toBeVisible();
  });

  test("an unknown email gets the same neutral answer", async ({ page }) => {
    await openLoginPage(page);
    await page.getByRole("button", { name: "Forgot password?" }).click();
    await page
      .getByRole("textbox", { name: "Email for the reset link" })
      .fill("no-such-person@example.com");
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "If an account exists for that email" }),
    ).toBeVisible();
  });

  test("a link without a token says it is invalid", async ({ page }) => {
    await page.goto("/reset-password");
    await expect(page.getByRole("alert")).toHaveText(
      "This link is invalid or has expired. Please ask for a new one.",
    );
    await page.getByRole("link", { name: "Go to Staff Login" }).click();
    await expect(page).toHaveURL(new RegExp(`${LOGIN_PATH}$`));
  });

  test("the reset page is prerendered, noindex, and passes axe at both widths", async ({
    page,
    request,
  }) => {
    const html = await (await request.get("/reset-password")).text();
    expect(html).toMatch(/<h1[^>]*>Reset your password<\/h1>/);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    const sitemap = await (await request.get("/sitemap.xml")).text();
    expect(sitemap).not.toContain("reset-password");

    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/reset-password?token=abcdefghijklmnopqrstuvwxyz0123456789&invite=1");
      await expect(
        page.getByRole("heading", { level: 1, name: "Choose your password" }),
      ).toBeVisible();
      const axe = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
      expect(axe.violations.map((violation) => violation.id)).toEqual([]);
    }
  });
});

for (const viewport of VIEWPORTS) {
  test.describe(`the password link fails (${viewport.name})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test("a spent link, the network and a 5xx: each message in view and focused, the passwords kept", async ({
      page,
    }) => {
      const newPassword = "a brand new passphrase";
      // A token the server never issued: its real answer is the spent-link 400.
      await page.goto("/reset-password?token=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG");
      await expect(page.locator('form[data-ready="true"]')).toBeAttached();
      const password = page.getByLabel("New password", { exact: true });
      const confirmation = page.getByLabel("Confirm new password");
      const save = page.getByRole("button", { name: "Save password" });
      await password.fill(newPassword);
      await confirmation.fill(newPassword);
      await failEachWay(page, {
        endpoint: "**/api/users/reset-password",
        failures: [
          {
            name: "the server's 400",
            text: "This link is invalid or has expired. Please ask for a new one.",
          },
          {
            name: "the network",
            answer: dropConnection,
            text: "We couldn't save your password just now. Please try again.",
          },
          {
            name: "a 5xx with a message",
            answer: answerJson(503, { message: "Password changes are paused for a minute" }),
            text: "Password changes are paused for a minute",
          },
        ],
        submit: () => clickAtTheBottomEdge(save),
        message: page.getByRole("alert"),
        button: save,
        kept: [
          [password, newPassword],
          [confirmation, newPassword],
        ],
      });
    });

    test("asking for a link: a 4xx, the network and a 5xx are each in view and focused, the email kept", async ({
      page,
    }) => {
      await openLoginPage(page);
      await page.getByRole("button", { name: "Forgot password?" }).click();
      const email = page.getByRole("textbox", { name: "Email for the reset link" });
      await email.fill("someone@example.com");
      const send = page.getByRole("button", { name: "Send reset link" });
      await failEachWay(page, {
        endpoint: "**/api/users/forgot-password",
        failures: [
          {
            name: "a 429 with the server's error",
            answer: answerJson(429, { error: "Too many requests. Please wait a minute." }),
            text: "Too many requests. Please wait a minute.",
          },
          {
            name: "the network",
            answer: dropConnection,
            text: "We couldn't send the link just now. Please try again in a moment.",
          },
          {
            name: "a 5xx",
            answer: (route) =>
              route.fulfill({
                status: 502,
                contentType: "text/html",
                body: "<h1>Bad gateway</h1>",
              }),
            text: "We couldn't send the link just now. Please try again in a moment.",
          },
        ],
        submit: () => clickAtTheBottomEdge(send),
        message: page.getByRole("alert"),
        button: send,
        kept: [[email, "someone@example.com"]],
        // The next failure's message may be the same text: this one goes first.
        afterEach: () => email.focus(),
      });
    });
  });
}

test("the login page has no console errors, CSP violations or axe violations while signed in", async ({
  page,
}) => {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) =>
      console.error(`CSP: ${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  const admin = await createStaff("admin");
  await signInThroughForm(page, admin);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(LOGIN_PATH);
  await expect(page.getByRole("heading", { name: "You're signed in" })).toBeVisible();
  const axe = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);
  // A wrong password answers 401, which Chromium logs; nothing else may appear.
  expect(problems).toEqual([]);
});
