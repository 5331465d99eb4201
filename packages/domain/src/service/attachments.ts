/**
 * Files a client sends with a request (issue 29 §1, decision 0077): photos of damage, a
 * bill of sale. Checked by their content (the first bytes), never by their name or the
 * type the browser claims; sent as base64 inside the request's JSON, so a request and its
 * files are one body, one idempotency key and one transaction.
 */

export const ATTACHMENT_TYPES = [
  { type: "image/jpeg", label: "JPEG", extension: "jpg" },
  { type: "image/png", label: "PNG", extension: "png" },
  { type: "image/heic", label: "HEIC", extension: "heic" },
  { type: "application/pdf", label: "PDF", extension: "pdf" },
] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number]["type"];

export const ATTACHMENT_LIMITS = {
  maxFiles: 5,
  /** 10 MB (MiB) per file. */
  maxFileBytes: 10 * 1024 * 1024,
  /** 25 MB (MiB) per request. */
  maxTotalBytes: 25 * 1024 * 1024,
  maxNameLength: 200,
} as const;

/** The request route's body limit: every file at most in base64, and room for the fields. */
export const SERVICE_REQUEST_MAX_BODY_BYTES =
  Math.ceil(ATTACHMENT_LIMITS.maxTotalBytes / 3) * 4 + 256 * 1024;

export const ATTACHMENT_MESSAGES = {
  tooMany: `Attach at most ${ATTACHMENT_LIMITS.maxFiles} files`,
  nameRequired: "Each file needs a name",
  nameTooLong: `A file's name must be at most ${ATTACHMENT_LIMITS.maxNameLength} characters`,
  notBase64: "A file could not be read; please attach it again",
  empty: "A file is empty",
  tooBig: "Each file must be at most 10 MB",
  tooMuch: "Files must add up to at most 25 MB",
  wrongType: "Attach photos (JPEG, PNG, HEIC) or PDF files only",
} as const;

/** What the file picker offers (the content decides, this only narrows the picker). */
export const ATTACHMENT_ACCEPT =
  ".jpg,.jpeg,.png,.heic,.heif,.pdf,image/jpeg,image/png,image/heic,image/heif,application/pdf";

/** HEIF brands of a still image (ISO/IEC 23008-12) a phone writes as .heic. */
const HEIC_BRANDS = new Set(["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"]);

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  prefix.every((byte, i) => bytes[at + i] === byte);

/** The file's type by its first bytes (12 are enough), or undefined for anything else. */
export function sniffAttachmentType(head: Uint8Array): AttachmentType | undefined {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return "application/pdf";
  // An ISO base media file: a box size, then "ftyp" and the major brand.
  if (startsWith(head, [0x66, 0x74, 0x79, 0x70], 4)) {
    const brand = String.fromCharCode(...head.subarray(8, 12));
    if (HEIC_BRANDS.has(brand)) return "image/heic";
  }
  return undefined;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Whether a string is standard base64 (padded, no line breaks). */
export function isBase64(value: string): boolean {
  return value.length % 4 === 0 && BASE64.test(value);
}

/** How many bytes a base64 string holds. */
export function base64ByteLength(value: string): number {
  if (value.length === 0) return 0;
  const padding = value.endsWith("==") ? 2 : value.endsWith("=") ? 1 : 0;
  return (value.length / 4) * 3 - padding;
}

const BASE64_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** The first bytes of a base64 string, for sniffing (no atob: the domain runs everywhere). */
export function base64Head(value: string, bytes = 12): Uint8Array {
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of value) {
    if (char === "=" || out.length >= bytes) break;
    const digit = BASE64_ALPHABET.indexOf(char);
    if (digit < 0) break;
    buffer = ((buffer << 6) | digit) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push((buffer >> bits) & 0xff);
    }
  }
  return Uint8Array.from(out);
}

/** The type the base64 content holds, or undefined. */
export function attachmentTypeOf(base64: string): AttachmentType | undefined {
  if (base64.length < 16) return undefined;
  return sniffAttachmentType(base64Head(base64));
}

/** A file name fit to show and to offer as a download's name: no path, no controls. */
export function safeAttachmentName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: controls are what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f"]/g, "").trim();
  return clean === "" ? "file" : clean;
}
