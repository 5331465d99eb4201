import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readZip, writeZip } from "./zip.ts";

describe("writeZip", () => {
  it("round-trips any names and contents, stored or deflated", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.record({
            name: fc.string({ unit: "grapheme", minLength: 1, maxLength: 30 }),
            data: fc.oneof(
              fc.string({ unit: "binary", maxLength: 500 }),
              fc.uint8Array({ maxLength: 500 }),
            ),
          }),
          { selector: (entry) => entry.name, maxLength: 8 },
        ),
        (entries) => {
          const read = readZip(writeZip(entries));
          expect([...read.keys()]).toEqual(entries.map((entry) => entry.name));
          for (const entry of entries) {
            const bytes =
              typeof entry.data === "string"
                ? Buffer.from(entry.data, "utf8")
                : Buffer.from(entry.data);
            expect(read.get(entry.name)?.equals(bytes)).toBe(true);
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it("is read by a standard unzip tool when one is installed", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "zip-"));
    try {
      const file = path.join(dir, "a.zip");
      writeFileSync(
        file,
        writeZip([
          { name: "tables/ä.csv", data: "x,y\r\n".repeat(100) },
          { name: "README.txt", data: "hi" },
        ]),
      );
      let listing: string;
      try {
        listing = execFileSync("python3", ["-m", "zipfile", "-t", file], { encoding: "utf8" });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
        throw error;
      }
      expect(listing).toMatch(/Done testing/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
