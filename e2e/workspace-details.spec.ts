import { readFile } from "node:fs/promises";
import {
  createAccount,
  openDashboard,
  sendMessage,
  signIn,
  submitQuote,
  uniqueTag,
} from "./support/dashboard.ts";
import { expect, type Page, test } from "./support/test.ts";

/** Issue 14, section 5: the details staff noticed, at both widths. */

/** Each view: its id, its sidebar label, its heading. */
const VIEWS = [
  ["overview", "Dashboard", "Dashboard Overview"],
  ["contacts", "Contacts", "Contacts"],
  ["quotes", "Quotes", "Auto Quotes"],
  ["appointments", "Appointments", "Appointments"],
  ["users", "All Users", "All Users"],
  ["settings", "Settings", "Settings"],
] as const;

const heading = (page: Page) => page.getByRole("heading", { level: 1 });

async function pageScrollWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

/** Parses RFC 4180 CSV (quoted cells, doubled quotes, CRLF rows), as a spreadsheet does. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      row.push(cell);
      cell = "";
    } else if (char === "\r" && text[i + 1] === "\n") {
      rows.push([...row, cell]);
      row = [];
      cell = "";
      i += 1;
    } else cell += char;
  }
  if (cell !== "" || row.length > 0) rows.push([...row, cell]);
  return rows;
}

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test("no view scrolls the page sideways; times carry their zone", async ({
      page,
      request,
    }, testInfo) => {
      test.setTimeout(150_000);
      const tag = uniqueTag();
      await sendMessage(request, {
        firstName: "Wide",
        lastName: `${tag}Wolfeschlegelsteinhausenberger`,
        email: `wide.${tag.toLowerCase()}@example.com`,
        message: `A long message without spaces ${"x".repeat(120)} to test wrapping.`,
      });
      await submitQuote(request, {
        firstName: "Wide",
        lastName: tag,
        email: `wide.${tag.toLowerCase()}@example.com`,
      });
      await signIn(page, createAccount("admin"));
      await openDashboard(page, "overview");
      await expect(heading(page)).toHaveText("Dashboard Overview");
      for (const [view, label, title] of VIEWS) {
        if (width < 768) {
          await page.getByRole("button", { name: "Dashboard Menu" }).click();
          await page.getByRole("dialog").getByRole("link", { name: label, exact: true }).click();
        } else {
          await page
            .getByRole("navigation", { name: "Dashboard" })
            .getByRole("link", { name: label, exact: true })
            .click();
        }
        await expect(heading(page)).toHaveText(title);
        await page.waitForLoadState("networkidle");
        expect(await pageScrollWidth(page), `${view} at ${width}px`).toBeLessThanOrEqual(width);
        if (view === "contacts") {
          await page.getByRole("button", { name: "Table" }).click();
          await expect(page.getByRole("table")).toBeVisible();
          expect(await pageScrollWidth(page), `contacts table at ${width}px`).toBeLessThanOrEqual(
            width,
          );
          await expect(
            page
              .getByRole("table")
              .getByText(/\b(CST|CDT)\b/)
              .first(),
          ).toBeVisible();
          await page.screenshot({
            path: testInfo.outputPath(`contacts-table-${width}.png`),
            fullPage: true,
          });
          await page.getByRole("button", { name: "Cards" }).click();
        }
        await page.screenshot({
          path: testInfo.outputPath(`${view}-${width}.png`),
          fullPage: true,
        });
      }
    });
  });
}

test.describe("exports", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("Export CSV downloads a file Excel opens cleanly: BOM, CRLF, Central times", async ({
    page,
    request,
  }) => {
    const tag = uniqueTag();
    await sendMessage(request, {
      firstName: "-Csv",
      lastName: tag,
      email: `csv.${tag.toLowerCase()}@example.com`,
      message: 'He said "hello, there"\nand left.',
    });
    await signIn(page, createAccount("admin"));
    await openDashboard(page, "contacts");
    await page.getByLabel("Search contacts").fill(tag);
    await page.getByLabel("Search contacts").press("Enter");
    await expect(page.getByRole("list", { name: "Contacts" }).locator(":scope > li")).toHaveCount(
      1,
    );
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const text = await readFile(await (await download).path(), "utf8");
    expect(text.startsWith("\uFEFF")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/\r(?!\n)/);
    const rows = parseCsv(text.slice(1));
    expect(rows[0]?.slice(0, 4)).toEqual(["id", "received", "status", "first name"]);
    expect(rows).toHaveLength(2);
    const [row] = rows.slice(1);
    expect(row?.[1]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-0[56]:00$/);
    expect(row?.[3]).toBe("'-Csv");
    expect(row?.[8]).toBe('He said "hello, there"\nand left.');
  });
});

test.describe("your own name", () => {
  for (const width of [375, 1280]) {
    test(`at ${width} px: an owner without a name is greeted by email, then by the name they set`, async ({
      page,
    }, testInfo) => {
      await page.setViewportSize({ width, height: 900 });
      const owner = createAccount("super-admin");
      await signIn(page, owner);
      // Like the bootstrap owner (ADMIN_EMAIL): no name yet.
      const login = await page.request.post("/api/users/login", {
        data: { email: owner.email, password: owner.password },
      });
      const { token } = (await login.json()) as { token: string };
      const cleared = await page.request.put("/api/users/me/name", {
        headers: { authorization: `Bearer ${token}` },
        data: { firstName: "", lastName: "" },
      });
      expect(cleared.status()).toBe(200);

      await openDashboard(page, "overview");
      await expect(page.getByText(`Welcome back, ${owner.email}`)).toBeVisible();

      if (width < 768) {
        await page.getByRole("button", { name: "Dashboard Menu" }).click();
        await page.getByRole("dialog").getByRole("link", { name: "Settings", exact: true }).click();
      } else {
        await page
          .getByRole("navigation", { name: "Dashboard" })
          .getByRole("link", { name: "Settings", exact: true })
          .click();
      }
      await expect(heading(page)).toHaveText("Settings");
      const section = page.getByRole("region", { name: "Your name" });
      await expect(section.getByLabel("First name")).toHaveAttribute("maxlength", "50");
      await section.getByLabel("First name").fill("Robin");
      await section.getByLabel("Last name").fill("Øverby");
      await section.getByRole("button", { name: "Save name" }).click();
      await expect(section.getByText("Your name was saved.")).toBeVisible();
      expect(await pageScrollWidth(page)).toBeLessThanOrEqual(width);
      await page.screenshot({
        path: testInfo.outputPath(`settings-name-${width}.png`),
        fullPage: true,
      });

      await page.reload();
      if (width < 768) {
        await page.getByRole("button", { name: "Dashboard Menu" }).click();
        await page
          .getByRole("dialog")
          .getByRole("link", { name: "Dashboard", exact: true })
          .click();
      } else {
        await page
          .getByRole("navigation", { name: "Dashboard" })
          .getByRole("link", { name: "Dashboard", exact: true })
          .click();
      }
      await expect(page.getByText("Welcome back, Robin Øverby")).toBeVisible();
    });
  }
});

test.describe("archive and undo at 375 px", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("Undo is announced, a few keys away, leaves focus alone, and never covers a dialog's Close", async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const tag = uniqueTag();
    for (const first of ["Keep", "Drop"]) {
      await sendMessage(request, {
        firstName: first,
        lastName: tag,
        email: `${first.toLowerCase()}.${tag.toLowerCase()}@example.com`,
        message: "Please call me back about renters insurance.",
      });
    }
    await signIn(page, createAccount("admin"));
    await openDashboard(page, "contacts");
    await expect(heading(page)).toHaveText("Contacts");
    await page.getByLabel("Search contacts").fill(tag);
    await page.getByLabel("Search contacts").press("Enter");
    const cards = page.getByRole("list", { name: "Contacts" }).locator(":scope > li");
    await expect(cards).toHaveCount(2);

    await cards
      .filter({ hasText: `Drop ${tag}` })
      .getByRole("button", { name: /^Archive/ })
      .click();
    const status = page
      .getByRole("status")
      .filter({ hasText: `Message from Drop ${tag} archived.` });
    await expect(status).toBeVisible();
    await expect(cards).toHaveCount(1);
    // Focus goes to the list's heading, not into the toast; Undo is two Shift+Tabs back.
    await expect(page.locator("[data-list-heading]")).toBeFocused();
    const undo = page.getByRole("button", { name: "Undo" });
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Shift+Tab");
    await expect(undo).toBeFocused();
    expect(await pageScrollWidth(page)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: testInfo.outputPath("undo-toast-375.png") });

    // A dialog opened while the toast shows: its Close button is on top, not under the toast.
    await page.locator("[data-list-heading]").focus();
    await cards
      .first()
      .getByRole("button", { name: /keep\./ })
      .click();
    const dialog = page.getByRole("dialog");
    const close = dialog.getByRole("button", { name: "Close" });
    await expect(close).toBeVisible();
    const box = await close.boundingBox();
    const hit = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x ?? 0, y ?? 0)?.closest("button")?.textContent ?? "",
      [(box?.x ?? 0) + (box?.width ?? 0) / 2, (box?.y ?? 0) + (box?.height ?? 0) / 2],
    );
    expect(hit).toContain("Close");
    await page.screenshot({ path: testInfo.outputPath("undo-toast-with-dialog-375.png") });
    await close.click();

    await undo.focus();
    await page.keyboard.press("Enter");
    await expect(
      page.getByRole("status").filter({ hasText: `Message from Drop ${tag} restored.` }),
    ).toBeVisible();
    await expect(cards).toHaveCount(2);
  });
});
