#!/usr/bin/env node
/**
 * Nothing in the repository refers to a file that is not in it: a newcomer has the clone and
 * nothing beside it. Part of `npm run lint`. In every tracked text file it reports
 *  - a path into a sibling folder named `shared` (documents that lived next to the repository
 *    while it was written; describe what they said in docs/ instead);
 *  - a relative Markdown link (`[text](path)`) to a file or folder that is not tracked;
 *  - a Markdown document named in prose or comments (`docs/operations.md`, `README.md`) that
 *    is not tracked: a name with a folder is looked up from the file's folder and from the
 *    repository root, a bare name anywhere in the repository (in code, names inside
 *    double-quoted or template strings are data, not references, and are not checked).
 *
 * Usage: node scripts/check-doc-links.mjs   (exit code 1 and one line per problem)
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Generated or vendored: not written by hand, not read as documentation. */
const SKIPPED = new Set(["package-lock.json"]);

const SIBLING_SHARED = /(?:^|[^.\w])\.\.\/+shared(?:\/|\b)/;
const MARKDOWN_LINK = /\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
const MARKDOWN_NAME = /(?<![\w./-])((?:\.{1,2}\/)*(?:[\w-]+\/)*[\w-]+\.md)(?![\w/])/g;
const CODE_STRING = /"(?:[^"\\\n]|\\.)*"|`(?:[^`\\\n]|\\.)*`/g;
const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/|#)/i;

/** The repository's files (tracked, or new and not ignored), `/`-separated, relative to the root. */
export function trackedFiles(root = ROOT) {
  const args = ["ls-files", "-z", "--cached", "--others", "--exclude-standard"];
  return execFileSync("git", args, { cwd: root, encoding: "utf8" }).split("\0").filter(Boolean);
}

/**
 * The problems of a set of files: `{ file, line, message }`. `files` are paths relative to
 * `root` (`/`-separated); `read(file)` gives a file's text, or undefined for a binary one.
 */
export function findDocLinkProblems(files, read) {
  const known = new Set(files);
  const folders = new Set();
  for (const file of files) {
    for (let dir = path.posix.dirname(file); dir !== "."; dir = path.posix.dirname(dir)) {
      folders.add(dir);
    }
  }
  const basenames = new Set(files.map((file) => path.posix.basename(file)));
  const exists = (target) => target === "" || known.has(target) || folders.has(target);
  const resolveFrom = (file, target) =>
    path.posix.normalize(path.posix.join(path.posix.dirname(file), target)).replace(/\/$/, "");

  const problems = [];
  for (const file of files) {
    if (SKIPPED.has(file)) continue;
    const text = read(file);
    if (text === undefined) continue;
    const isMarkdown = file.endsWith(".md");
    text.split("\n").forEach((line, index) => {
      const at = { file, line: index + 1 };
      if (SIBLING_SHARED.test(line)) {
        problems.push({
          ...at,
          message:
            "refers to the shared folder beside the repository: say what is needed in the project's own docs",
        });
      }
      const linked = new Set();
      if (isMarkdown) {
        for (const [, rawTarget] of line.matchAll(MARKDOWN_LINK)) {
          if (EXTERNAL.test(rawTarget) || rawTarget.startsWith("/")) continue;
          const target = decodeURIComponent(rawTarget.replace(/[#?].*$/, ""));
          linked.add(target);
          if (!exists(resolveFrom(file, target))) {
            problems.push({ ...at, message: `links to ${target}, which is not in the repository` });
          }
        }
      }
      // In code, a name in a string is data (a test's file), not a reference to read.
      const prose = isMarkdown ? line : line.replace(CODE_STRING, '""');
      for (const [, name] of prose.matchAll(MARKDOWN_NAME)) {
        if (linked.has(name)) continue;
        const found = name.includes("/")
          ? exists(resolveFrom(file, name)) || exists(path.posix.normalize(name))
          : basenames.has(name);
        if (!found) {
          problems.push({ ...at, message: `names ${name}, which is not in the repository` });
        }
      }
    });
  }
  return problems;
}

/** A file's text, or undefined when it holds a NUL byte (an image, a font). */
function readText(root, file) {
  let content;
  try {
    content = readFileSync(path.join(root, file));
  } catch {
    return undefined; // deleted in the working tree, not yet in the index
  }
  return content.includes(0) ? undefined : content.toString("utf8");
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const problems = findDocLinkProblems(trackedFiles(), (file) => readText(ROOT, file));
  for (const { file, line, message } of problems) console.error(`${file}:${line}: ${message}`);
  if (problems.length > 0) {
    console.error(`${problems.length} reference(s) to files that are not in the repository.`);
    process.exitCode = 1;
  }
}
