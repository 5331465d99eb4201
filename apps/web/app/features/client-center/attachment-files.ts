import {
  ATTACHMENT_LIMITS,
  ATTACHMENT_MESSAGES,
  type AttachmentType,
  type ServiceAttachmentInput,
  sniffAttachmentType,
} from "@agency/domain";

/** A file the visitor chose, checked by its content and kept until the request is sent. */
export interface ChosenFile {
  /** Unique in the form, for the list's keys and the Remove buttons. */
  id: string;
  file: File;
  type: AttachmentType;
}

export interface FileChoice {
  /** The files kept, the earlier ones first. */
  files: ChosenFile[];
  /** Why a file was left out, one line per file ("photo.gif: …"). */
  refusals: string[];
}

/**
 * Adds newly chosen files to the kept ones by the domain's rules (decision 0077): each is
 * checked by its first bytes (never its name or the browser's type), at most 10 MB, at
 * most 5 files and 25 MB together. A file that breaks a rule is left out with its reason;
 * the others are kept. The server checks all of it again.
 */
export async function addFiles(
  kept: readonly ChosenFile[],
  added: readonly File[],
  newId: () => string,
): Promise<FileChoice> {
  const files = [...kept];
  const refusals: string[] = [];
  let total = kept.reduce((sum, chosen) => sum + chosen.file.size, 0);
  for (const file of added) {
    const refuse = (reason: string) => refusals.push(`${file.name}: ${reason}`);
    if (files.length >= ATTACHMENT_LIMITS.maxFiles) {
      refuse(ATTACHMENT_MESSAGES.tooMany);
      continue;
    }
    if (file.size === 0) {
      refuse(ATTACHMENT_MESSAGES.empty);
      continue;
    }
    if (file.size > ATTACHMENT_LIMITS.maxFileBytes) {
      refuse(ATTACHMENT_MESSAGES.tooBig);
      continue;
    }
    if (total + file.size > ATTACHMENT_LIMITS.maxTotalBytes) {
      refuse(ATTACHMENT_MESSAGES.tooMuch);
      continue;
    }
    const type = sniffAttachmentType(new Uint8Array(await file.slice(0, 12).arrayBuffer()));
    if (!type) {
      refuse(ATTACHMENT_MESSAGES.wrongType);
      continue;
    }
    files.push({ id: newId(), file, type });
    total += file.size;
  }
  return { files, refusals };
}

/** A file's bytes as standard base64 (padded, no line breaks), as the request carries them. */
export async function toBase64(file: Blob): Promise<string> {
  const dataUrl = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
  return dataUrl.slice(dataUrl.indexOf(",") + 1);
}

/** The request's attachments from the kept files. */
export function encodeFiles(files: readonly ChosenFile[]): Promise<ServiceAttachmentInput[]> {
  return Promise.all(
    files.map(async ({ file }) => ({ name: file.name, data: await toBase64(file) })),
  );
}

/** "2.4 MB" or "180 KB": a size as people read it. */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
