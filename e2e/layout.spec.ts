import { skipCookieBanner } from "./support/forms.ts";
import { expect, type Page, test } from "./support/test.ts";

/**
 * Measurable rules of the public pages' layout at a phone's and a laptop's width (issue 26
 * §4): one left edge for the logo, the hero text and the sections below; one container
 * width; a hero without an empty right half; no column left empty beside the contact
 * form; card grids without an empty cell at the end.
 */

const INNER_PAGES = [
  "/about-us",
  "/our-products",
  "/contact-us",
  "/client-center",
  "/appointments",
  "/office-open-hours",
  "/location/our-locations",
  "/privacy",
];

/** The left edge and width of the header's container (the logo's row), in px. */
async function headerContainer(page: Page) {
  return page
    .locator("header > div")
    .first()
    .evaluate((element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return { left: box.left + Number.parseFloat(style.paddingLeft), width: box.width };
    });
}

for (const width of [375, 1280]) {
  test.describe(`layout at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    test.beforeEach(async ({ page }) => skipCookieBanner(page));

    for (const path of INNER_PAGES) {
      test(`${path}: the hero text and the sections start where the logo does`, async ({
        page,
      }) => {
        await page.goto(path);
        const header = await headerContainer(page);
        const logo = await page.locator("header a[href='/']").first().boundingBox();
        expect(Math.abs((logo?.x ?? 0) - header.left)).toBeLessThanOrEqual(1);

        const heroText = page.locator("[data-hero-text]");
        const hero = await heroText.boundingBox();
        expect(Math.abs((hero?.x ?? 0) - header.left), "hero text vs logo").toBeLessThanOrEqual(1);
        // The hero's container is the header's: the same width.
        const heroContainer = await heroText.evaluate(
          (element) => element.parentElement?.getBoundingClientRect().width ?? 0,
        );
        expect(Math.abs(heroContainer - header.width)).toBeLessThanOrEqual(1);

        // Every section heading below the hero starts on the same edge (centered ones aside; a legal page's text sits beside its table of contents).
        const lefts = await page.locator("main h2").evaluateAll((headings) =>
          headings
            .filter((heading) => getComputedStyle(heading).textAlign !== "center")
            .filter(
              (heading) =>
                !heading.closest(
                  "[role='tabpanel'], form, li, div:has(> nav[aria-labelledby='toc-heading']) *, [class*='rounded']",
                ),
            )
            .map((heading) => heading.getBoundingClientRect().left),
        );
        if (path !== "/privacy") expect(lefts.length).toBeGreaterThan(0);
        for (const left of lefts) expect(Math.abs(left - header.left)).toBeLessThanOrEqual(1);

        if (width >= 1024) {
          // The right half of the hero is not an empty band.
          const aside = await page.locator("[data-hero-aside]").boundingBox();
          expect(aside?.width ?? 0).toBeGreaterThan(200);
          expect(aside?.x ?? 0).toBeGreaterThan(width / 2);
        }
      });
    }

    test("card grids end without an empty cell (a short last row is centered)", async ({
      page,
    }) => {
      for (const path of ["/", ...INNER_PAGES]) {
        await page.goto(path);
        const uneven = await page.locator("main").evaluate((main) => {
          const found: string[] = [];
          for (const grid of Array.from(main.querySelectorAll<HTMLElement>("ul, ol"))) {
            if (getComputedStyle(grid).display !== "grid" || grid.closest("form")) continue;
            const items = Array.from(grid.children).filter(
              (item) => item.getBoundingClientRect().width > 0,
            );
            if (items.length < 2) continue;
            const boxes = items.map((item) => item.getBoundingClientRect());
            const lastTop = Math.max(...boxes.map((box) => box.top));
            const lastRow = boxes.filter((box) => Math.abs(box.top - lastTop) < 2);
            const area = grid.getBoundingClientRect();
            const left = Math.min(...lastRow.map((box) => box.left)) - area.left;
            const right = area.right - Math.max(...lastRow.map((box) => box.right));
            // Full (both gaps ~0) or centered (both gaps equal).
            if (Math.abs(left - right) > 2) {
              found.push(
                `${grid.className.slice(0, 60)}: ${Math.round(left)} / ${Math.round(right)}`,
              );
            }
          }
          return found;
        });
        expect(uneven, path).toEqual([]);
      }
    });
  });
}

test.describe("the contact page at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  test.beforeEach(async ({ page }) => skipCookieBanner(page));

  test("the column beside the form is not left empty", async ({ page }) => {
    await page.goto("/contact-us");
    const form = await page.locator("form").first().boundingBox();
    const aside = await page
      .getByRole("heading", { name: "Office hours" })
      .evaluate((heading) => heading.parentElement?.parentElement?.getBoundingClientRect().bottom);
    // Before: the hours card ended about 520 px above the form's end. The form has grown
    // since by the notice and the optional call/text consent (issue 30, decision 0080), so
    // the column is no longer as tall as the form: it stays beside it instead (sticky).
    expect((form?.y ?? 0) + (form?.height ?? 0) - (aside ?? 0)).toBeLessThan(520);
    await page.getByRole("button", { name: "Send Message" }).scrollIntoViewIfNeeded();
    const column = page.getByRole("heading", { name: "Office hours" }).locator("xpath=../..");
    await expect(column).toBeInViewport();
  });

  test("/appointments uses the same container width as the other pages", async ({ page }) => {
    const widthOf = async (path: string) => {
      await page.goto(path);
      return page
        .locator("main section")
        .nth(1)
        .evaluate((section) => section.firstElementChild?.getBoundingClientRect().width);
    };
    expect(await widthOf("/appointments")).toBe(await widthOf("/contact-us"));
  });
});
