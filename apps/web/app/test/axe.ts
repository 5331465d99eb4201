import axe from "axe-core";

/**
 * The WCAG A/AA rules axe can judge without a layout engine (happy-dom draws nothing, so
 * colour contrast and target size are the browser specs' to check; e2e/support/axe.ts).
 * Answers one line per problem: the rule and the elements it found.
 */
export async function axeProblems(root: Element): Promise<string[]> {
  const results = await axe.run(root, {
    runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
    rules: { "color-contrast": { enabled: false }, "target-size": { enabled: false } },
  });
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(" | ")}`,
  );
}
