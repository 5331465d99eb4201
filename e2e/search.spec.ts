import {
  type Account,
  createAccount,
  openDashboard,
  quotePayload,
  signIn,
  uniqueTag,
} from "./support/dashboard.ts";
import { expectNoHorizontalScroll, uniquePhone } from "./support/forms.ts";
import { type APIRequestContext, expect, type Page, test } from "./support/test.ts";

/**
 * Finding people (issue 14 §2): a full name or a phone number in any format finds a person
 * in a list and in the header's search, by keyboard, at 1280 and 375 px; the header's
 * result opens the person's page (issue 27); each row says when it was received, with its zone.
 */

let admin: Account;
test.beforeAll(() => {
  admin = createAccount("admin");
});

type Person = { firstName: string; lastName: string; email: string; phone: string };

/** A quote and a message from one person with a phone number of their own. */
async function seedPerson(request: APIRequestContext): Promise<Person> {
  const tag = uniqueTag("Sr");
  const person = {
    firstName: "Marisol",
    lastName: tag,
    email: `marisol.${tag.toLowerCase()}@example.com`,
    phone: uniquePhone(),
  };
  const quote = quotePayload(person.firstName, person.lastName, person.email);
  quote.personalInfo.phone = person.phone;
  const sent = await request.post("/api/auto-quotes/send-auto-quote", { data: quote });
  expect(sent.status(), await sent.text()).toBe(201);
  const message = await request.post("/api/contacts/send-contact", {
    data: {
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      phone: person.phone,
      subject: "Home Insurance",
      message: "Please call me about a home quote.",
      notRobot: true,
    },
  });
  expect(message.status(), await message.text()).toBe(201);
  return person;
}

/** "(612) 345-6789" as "612-345-6789". */
const dashed = (phone: string) => phone.replace(/[()]/g, "").replace(" ", "-");

const headerSearch = (page: Page) => page.getByRole("combobox", { name: "Find a person" });

async function findInHeader(page: Page, shortcut: string, text: string, person: Person) {
  await page.getByRole("heading", { level: 1 }).click();
  await page.keyboard.press(shortcut);
  await expect(headerSearch(page)).toBeFocused();
  await page.keyboard.type(text);
  const option = page.getByRole("option", { name: new RegExp(person.lastName) });
  await expect(option).toHaveCount(1);
  await expect(option).toContainText("Quote, Message");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowUp");
  await expect(option).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Enter");
  // People first (issue 27 §1): the match opens the person's page, with both leads.
  await expect(page).toHaveURL(/\/dashboard\/people\/[^/?]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Person");
  const card = page.getByRole("article", { name: `${person.firstName} ${person.lastName}` });
  await expect(card).toContainText(person.email);
  await expect(card.getByRole("region", { name: "Timeline" })).toContainText(
    "2 leads, newest first.",
  );
  return card;
}

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("a full name or a formatted phone finds a person in a list; rows show when they arrived", async ({
      page,
      request,
    }) => {
      const person = await seedPerson(request);
      await signIn(page, admin);
      await openDashboard(page, "quotes");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Auto Quotes");
      const box = page.getByLabel("Search quotes");
      const items = page.locator("[data-quote-item]");

      await box.fill(`${person.firstName} ${person.lastName}`);
      await box.press("Enter");
      await expect(items).toHaveCount(1);
      await expect(items.first()).toContainText(
        /Received [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M C[SD]T/,
      );

      for (const phone of [person.phone, dashed(person.phone), person.phone.replace(/\D/g, "")]) {
        await box.fill(phone);
        await box.press("Enter");
        await expect(items).toHaveCount(1);
        await expect(items.first()).toContainText(person.lastName);
      }

      // Received today, on the Central calendar; a reversed custom range explains itself.
      await page.getByLabel("Received", { exact: true }).selectOption("today");
      await expect(items).toHaveCount(1);
      await page.getByLabel("Received", { exact: true }).selectOption("custom");
      await page.getByLabel("From", { exact: true }).fill("2026-11-20");
      await page.getByLabel("To", { exact: true }).fill("2026-11-10");
      await expect(page.getByRole("alert")).toHaveText("from must be on or before to");
      if (width === 375) await expectNoHorizontalScroll(page);
      await page.screenshot({ path: test.info().outputPath(`search-list-${width}.png`) });
    });

    test("the header's search finds a person by name or phone, by keyboard, and opens their page", async ({
      page,
      request,
    }) => {
      const person = await seedPerson(request);
      await signIn(page, admin);
      await openDashboard(page);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dashboard Overview");

      await findInHeader(page, "/", `${person.firstName} ${person.lastName}`, person);
      if (width === 375) await expectNoHorizontalScroll(page);
      await page.screenshot({ path: test.info().outputPath(`search-person-${width}.png`) });

      await findInHeader(page, "Control+k", dashed(person.phone), person);

      // Escape closes the list; `/` typed in another field is just a character.
      await page.keyboard.press("/");
      await page.keyboard.type(person.lastName);
      await expect(page.getByRole("listbox", { name: "People found" })).toBeVisible();
      if (width === 375) await expectNoHorizontalScroll(page);
      await page.screenshot({ path: test.info().outputPath(`search-header-${width}.png`) });
      await page.keyboard.press("Escape");
      await expect(page.getByRole("listbox", { name: "People found" })).toBeHidden();
      await expect(headerSearch(page)).toHaveAttribute("aria-expanded", "false");
      await headerSearch(page).fill("a/b");
      await expect(headerSearch(page)).toHaveValue("a/b");
      await headerSearch(page).fill("nobody-here-at-all");
      await expect(page.getByRole("status").filter({ hasText: "No one found" })).toHaveCount(1);
      await expect(page.getByText("No one found").last()).toBeVisible();
    });
  });
}
