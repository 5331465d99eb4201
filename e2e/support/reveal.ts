import { expect, type Locator } from "@playwright/test";

/**
 * Clicks a control that sits inside a <Reveal> block. Scrolling it into view starts the
 * block's fade-and-lift transition a frame or two later (the IntersectionObserver fires
 * after the scroll); a click aimed while the block still moves lands beside the control.
 * So: scroll, wait for the block to be revealed and its transitions to end, then click.
 */
export async function clickRevealed(control: Locator): Promise<void> {
  await control.scrollIntoViewIfNeeded();
  const block = control.locator("xpath=ancestor::*[@data-revealed][1]");
  if ((await block.count()) > 0) {
    await expect(block).toHaveAttribute("data-revealed", "true");
    await block.evaluate(async (element) => {
      const transitions = element
        .getAnimations({ subtree: true })
        .filter((animation) => animation instanceof CSSTransition);
      await Promise.allSettled(transitions.map((transition) => transition.finished));
    });
  }
  await control.click();
}
