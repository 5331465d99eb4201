import { describe, expect, it } from "vitest";
import { findDocLinkProblems } from "./check-doc-links.mjs";

// Written in two pieces so this file does not itself refer to the folder.
const SIBLING = `${".."}/shared`;

/** The problems of an in-memory repository: `{ path: text }`, `null` for a binary file. */
const problemsOf = (files) =>
  findDocLinkProblems(Object.keys(files), (file) => files[file] ?? undefined).map(
    ({ file, line, message }) => `${file}:${line}: ${message}`,
  );

describe("check-doc-links", () => {
  it("reports each reference to a file that is not in the repository, and nothing else", () => {
    const problems = problemsOf({
      "README.md": [
        "See [operations](docs/operations.md), [the API](docs/api.md#routes) and [docs](docs/).",
        "Outside: [MDN](https://developer.mozilla.org/x.md), [top](#run-it), <mailto:a@b.example>.",
        `The contract is in ${SIBLING}/CONTRACT.md.`,
      ].join("\n"),
      "docs/operations.md": "Back to the [README](../README.md); see also [gone](./gone.md).",
      "docs/decisions/0001-one.md": "As the [operations page](../operations.md) says.",
      "apps/server/src/guard.ts": [
        `// Unknown paths answer 404 (CONTRACT.md, "Pages"); see docs/operations.md.`,
        `// The data is in spec/public-site.md section 3; README.md explains "it".`,
        'writeFileSync(join(dir, "0002-two.md"), text); // a test\'s own file, not a reference',
      ].join("\n"),
      "scripts/run.sh": `cat ${SIBLING}/STYLE.md`,
      "apps/web/public/logo.png": null,
    });
    expect(problems).toEqual([
      "README.md:1: links to docs/api.md, which is not in the repository",
      "README.md:3: refers to the shared folder beside the repository: say what is needed in the project's own docs",
      `README.md:3: names ${SIBLING}/CONTRACT.md, which is not in the repository`,
      "docs/operations.md:1: links to ./gone.md, which is not in the repository",
      "apps/server/src/guard.ts:1: names CONTRACT.md, which is not in the repository",
      "apps/server/src/guard.ts:2: names spec/public-site.md, which is not in the repository",
      "scripts/run.sh:1: refers to the shared folder beside the repository: say what is needed in the project's own docs",
      `scripts/run.sh:1: names ${SIBLING}/STYLE.md, which is not in the repository`,
    ]);
  });
});
