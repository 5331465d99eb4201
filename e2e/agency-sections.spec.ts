import { AGENCY } from "@agency/domain";
import { expect, type Locator, test } from "./support/test.ts";

/** The newest reviews first, at most six, as the pages show them. */
const shownReviews = [...AGENCY.reviews]
  .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0))
  .slice(0, 6);

/** A profile image drawn without layout shift: its box is known before it loads. */
async function expectSizedImage(image: Locator) {
  await expect(image).toHaveAttribute("width", /^\d+$/);
  await expect(image).toHaveAttribute("height", /^\d+$/);
  await expect(image).toHaveJSProperty("complete", true);
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
}

test.describe("the agency profile's people, carriers and reviews", () => {
  test("About shows every person of the team with title, license, languages and a booking button", async ({
    page,
  }) => {
    await page.goto("/about-us");
    const people = page.getByRole("list", { name: "Our people" }).getByRole("listitem");
    await expect(people).toHaveCount(AGENCY.team.length);
    for (const [index, person] of AGENCY.team.entries()) {
      const card = people.nth(index);
      await expect(card.getByRole("heading", { level: 3 })).toHaveText(person.name);
      await expect(card).toContainText(person.title);
      if (person.licenseNumber)
        await expect(card).toContainText(`License: ${person.licenseNumber}`);
      if (person.languages.length > 0) {
        await expect(card).toContainText(`Languages: ${person.languages.join(", ")}`);
      }
      if (person.photo) {
        const photo = card.getByRole("img", { name: `${person.name}, ${person.title}` });
        await expect(photo).toHaveAttribute("loading", "lazy");
        await photo.scrollIntoViewIfNeeded();
        await expectSizedImage(photo);
      }
      const book = card.getByRole("link", { name: `Book a consultation with ${person.name}` });
      await expect(book).toHaveAttribute("href", "/appointments#appointment_form");
    }
    await people
      .first()
      .getByRole("link", { name: /^Book a consultation/ })
      .click();
    await expect(page).toHaveURL(/\/appointments#appointment_form$/);
  });

  for (const path of ["/", "/our-products"]) {
    test(`${path} names the carriers (logos, not links) and shows the newest reviews`, async ({
      page,
    }) => {
      await page.goto(path);
      const carriers = page
        .getByRole("list", { name: "Carriers we compare for you" })
        .getByRole("listitem");
      await expect(carriers).toHaveCount(AGENCY.carriers.length);
      for (const [index, carrier] of AGENCY.carriers.entries()) {
        const item = carriers.nth(index);
        await expect(item.getByRole("link")).toHaveCount(0);
        if (carrier.logo) {
          const logo = item.getByRole("img", { name: carrier.name });
          await logo.scrollIntoViewIfNeeded();
          await expectSizedImage(logo);
        } else {
          await expect(item).toHaveText(carrier.name);
        }
      }

      const reviews = page
        .getByRole("region", { name: "What our clients say" })
        .getByRole("listitem");
      await expect(reviews).toHaveCount(shownReviews.length);
      for (const [index, review] of shownReviews.entries()) {
        const card = reviews.nth(index);
        await expect(card).toContainText(review.quote);
        await expect(card).toContainText(`${review.author} · ${review.source}`);
        await expect(card.locator("time")).toHaveAttribute("datetime", review.date);
        await expect(
          card.getByRole("img", { name: `Rated ${review.rating} out of 5` }),
        ).toBeVisible();
      }
    });
  }

  test("the pages carry people and carriers before any script runs, and claim no review markup", async ({
    request,
  }) => {
    const about = await (await request.get("/about-us")).text();
    for (const person of AGENCY.team) expect(about).toContain(person.name);
    for (const path of ["/", "/our-products"]) {
      const html = await (await request.get(path)).text();
      for (const carrier of AGENCY.carriers) {
        expect(html).toContain(carrier.name.replaceAll("&", "&amp;"));
      }
      // Search engines show no business's reviews of itself (decision 0057).
      const structuredData = [
        ...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs),
      ]
        .map((match) => match[1])
        .join("\n");
      expect(structuredData).not.toMatch(/"(Review|AggregateRating)"/);
    }
  });
});
