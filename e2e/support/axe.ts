import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "./test.ts";

/** The WCAG 2.2 A/AA rules every dashboard spec checks. */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * No axe violation on the page, checked from its top and then scrolled back: scrolled
 * down, the sticky header covers whatever lies under it (a card's link above an open form
 * at 375 px), which axe counts against that target's size though nobody can tap it there.
 */
export async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  const scrollY = await page.evaluate(() => window.scrollY);
  await page.evaluate(() => window.scrollTo(0, 0));
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  await page.evaluate((top) => window.scrollTo(0, top), scrollY);
  expect(
    violations.map((v) => `${where}: ${v.id} ${v.nodes.map((n) => n.target).join(" | ")}`),
  ).toEqual([]);
}
