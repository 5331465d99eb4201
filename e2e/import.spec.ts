import path from "node:path";
import { csvLine } from "@agency/domain";
import { expectNoAxeViolations } from "./support/axe.ts";
import {
  type Account,
  createAccount,
  openDashboard,
  signIn,
  uniqueTag,
} from "./support/dashboard.ts";
import { expectNoHorizontalScroll } from "./support/forms.ts";
import { expect, type Page, test } from "./support/test.ts";

/**
 * Settings → Import (issue 28 §4, decision 0075): an admin imports a CSV of 1,000 policies
 * with 20 bad rows by keyboard only at 1280 px and sees the 20 reported by line; importing
 * it again creates nothing. At 375 px the section fits and passes axe.
 */

test.describe.configure({ timeout: 180_000 });

const SCREENS = path.join(import.meta.dirname, "test-results", "screens");

const HEADER = [
  "Insured First Name",
  "Insured Last Name",
  "Email Address",
  "Phone",
  "Carrier",
  "Policy Type",
  "Policy Number",
  "Effective Date",
  "Expiration Date",
  "Written Premium",
];

/** A CSV of `count` policies; every 50th row is bad in one of four ways. Answers the bad lines. */
function bookCsv(count: number, tag: string): { csv: string; badLines: number[] } {
  let csv = `\uFEFF${csvLine(HEADER)}`;
  const badLines: number[] = [];
  for (let n = 1; n <= count; n++) {
    const row = [
      n % 3 === 0 ? "José" : `Ann${n}`,
      n % 4 === 0 ? "Lee, Jr." : `Ek${n}`,
      `${tag}.${n}@example.com`.toLowerCase(),
      "",
      n % 2 === 0 ? "Acme Mutual" : "Prairie Casualty",
      ["PPA", "Homeowners", "Renters", "Auto"][n % 4] as string,
      `${tag}-${n}`,
      `${(n % 12) + 1}/15/2025`,
      `${(n % 12) + 1}/15/2026`,
      `$${(300 + n).toLocaleString("en-US")}.25`,
    ];
    if (n % 50 === 0) {
      const kind = (n / 50) % 4;
      if (kind === 0) row[9] = "twelve hundred";
      if (kind === 1) row[7] = "13/45/2025";
      if (kind === 2) row[5] = "Spaceship";
      if (kind === 3) row[2] = "";
      badLines.push(n + 1);
    }
    csv += csvLine(row);
  }
  return { csv, badLines };
}

/** Presses Tab until `target` has focus (keyboard only; at most `limit` presses). */
async function tabTo(
  page: Page,
  target: ReturnType<Page["getByRole"]>,
  limit = 60,
  key: "Tab" | "Shift+Tab" = "Tab",
) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused();
}

let admin: Account;
let manager: Account;
test.beforeAll(() => {
  admin = createAccount("admin");
  manager = createAccount("manager");
});

test.describe("import at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("an admin imports 1,000 policies with 20 bad rows by keyboard; the 20 are reported", async ({
    page,
  }) => {
    const tag = uniqueTag("Imp");
    const { csv, badLines } = bookCsv(1000, tag);
    expect(badLines).toHaveLength(20);
    await signIn(page, admin);
    await openDashboard(page, "settings");
    const section = page.getByRole("region", { name: "Import a book of business" });
    await expect(section).toBeVisible();
    // The page has settled (its closures are loaded) before the keyboard starts.
    await expect(page.getByRole("heading", { name: "Upcoming closures" })).toBeVisible();

    const picker = section.getByLabel("CSV file");
    await tabTo(page, picker, 200);
    const chooser = page.waitForEvent("filechooser");
    await page.keyboard.press("Space");
    await (await chooser).setFiles({
      name: "book.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(csv, "utf8"),
    });

    await expect(section.getByText(/1,000 rows below the header/)).toBeVisible();
    await expect(section.getByLabel("Policy number (required)")).toHaveValue("6");
    const preview = section.getByRole("region", { name: "Preview of the first rows" });
    await expect(preview.getByRole("row")).toHaveCount(21);
    await expectNoAxeViolations(page, "mapped");

    const button = section.getByRole("button", { name: "Import 1,000 rows" });
    await tabTo(page, button);
    await page.keyboard.press("Enter");
    await expect(section.getByRole("heading", { name: "Import finished" })).toBeFocused({
      timeout: 60_000,
    });
    await expect(section.getByRole("status")).toHaveText(
      "980 created, 0 already there, 20 errors (980 new people).",
    );
    const errors = section.getByRole("list", { name: "Rows not imported" }).getByRole("listitem");
    await expect(errors).toHaveCount(20);
    await expect(errors).toHaveText(badLines.map((line) => new RegExp(`^Line ${line}: `)));
    await expect(errors.nth(0)).toContainText("Enter the effective date as YYYY-MM-DD");
    await expect(errors.nth(3)).toContainText("Enter the annual premium in dollars and cents");
    await page.screenshot({ path: path.join(SCREENS, "import-1280.png"), fullPage: true });
    await expectNoAxeViolations(page, "imported");

    // The same file again: the mapping is remembered and nothing new is created. The
    // button is just before the result, which has the focus.
    await tabTo(page, section.getByRole("button", { name: "Import 1,000 rows" }), 5, "Shift+Tab");
    await page.keyboard.press("Enter");
    await expect(section.getByRole("status")).toHaveText(
      "0 created, 980 already there, 20 errors (0 new people).",
      { timeout: 60_000 },
    );
  });
});

test("a manager's Settings has no Import section (the server refuses them too)", async ({
  page,
}) => {
  await signIn(page, manager);
  await openDashboard(page, "settings");
  await expect(page.getByRole("heading", { name: "Change your password" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Email templates" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Import a book of business" })).toHaveCount(0);
});

test.describe("import at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the section, its mapping and preview fit a phone and pass axe", async ({ page }) => {
    const { csv } = bookCsv(30, uniqueTag("Imq"));
    await signIn(page, admin);
    await openDashboard(page, "settings");
    const section = page.getByRole("region", { name: "Import a book of business" });
    await section.getByLabel("CSV file").setInputFiles({
      name: "small.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(csv, "utf8"),
    });
    await expect(section.getByRole("button", { name: "Import 30 rows" })).toBeEnabled();
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page, "375");
    await page.screenshot({ path: path.join(SCREENS, "import-375.png"), fullPage: true });
  });
});
