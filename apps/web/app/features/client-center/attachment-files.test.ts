import { ATTACHMENT_LIMITS, ATTACHMENT_MESSAGES } from "@agency/domain";
import { describe, expect, it } from "vitest";
import { addFiles, formatFileSize, toBase64 } from "./attachment-files";

const PDF_HEAD = [...new TextEncoder().encode("%PDF-1.7\n")];
const MB = 1024 * 1024;

/** A file of `size` bytes that starts like a PDF (no memory spent on its body). */
function pdfOfSize(name: string, size: number): File {
  const head = new Uint8Array(PDF_HEAD);
  return {
    name,
    size,
    lastModified: 0,
    slice: (start = 0, end = size) => new Blob([head.slice(start, end)]),
  } as unknown as File;
}

let ids = 0;
const newId = () => {
  ids += 1;
  return `f${ids}`;
};

describe("addFiles", () => {
  it("keeps files up to 10 MB each and 25 MB together, naming each one left out", async () => {
    const { files, refusals } = await addFiles(
      [],
      [
        pdfOfSize("a.pdf", 10 * MB),
        pdfOfSize("big.pdf", 10 * MB + 1),
        pdfOfSize("b.pdf", 10 * MB),
        pdfOfSize("c.pdf", 5 * MB + 1),
        pdfOfSize("d.pdf", 5 * MB),
        pdfOfSize("empty.pdf", 0),
      ],
      newId,
    );
    expect(files.map((chosen) => chosen.file.name)).toEqual(["a.pdf", "b.pdf", "d.pdf"]);
    expect(files.every((chosen) => chosen.type === "application/pdf")).toBe(true);
    expect(refusals).toEqual([
      `big.pdf: ${ATTACHMENT_MESSAGES.tooBig}`,
      `c.pdf: ${ATTACHMENT_MESSAGES.tooMuch}`,
      `empty.pdf: ${ATTACHMENT_MESSAGES.empty}`,
    ]);
    expect(files.reduce((sum, chosen) => sum + chosen.file.size, 0)).toBe(
      ATTACHMENT_LIMITS.maxTotalBytes,
    );
  });

  it("counts the files already kept against the limits", async () => {
    const kept = (await addFiles([], [pdfOfSize("a.pdf", (20 * MB) / 2)], newId)).files;
    const { files, refusals } = await addFiles(
      kept,
      [pdfOfSize("b.pdf", 10 * MB), pdfOfSize("c.pdf", 6 * MB)],
      newId,
    );
    expect(files.map((chosen) => chosen.file.name)).toEqual(["a.pdf", "b.pdf"]);
    expect(refusals).toEqual([`c.pdf: ${ATTACHMENT_MESSAGES.tooMuch}`]);
  });
});

describe("toBase64 and formatFileSize", () => {
  it("writes a file's bytes as padded base64", async () => {
    const bytes = new Uint8Array([0, 1, 2, 250, 251, 252, 253]);
    expect(await toBase64(new Blob([bytes]))).toBe(Buffer.from(bytes).toString("base64"));
  });

  it("says sizes as people read them", () => {
    expect(formatFileSize(10)).toBe("1 KB");
    expect(formatFileSize(180 * 1024)).toBe("180 KB");
    expect(formatFileSize(2.45 * MB)).toBe("2.5 MB");
  });
});
