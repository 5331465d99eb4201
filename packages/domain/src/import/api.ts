import * as z from "zod";
import { defineRoute } from "../api/define-route.ts";
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_COLUMNS,
  IMPORT_MESSAGES,
  ImportMappingSchema,
} from "./book-import.ts";

export const ImportMappingQuerySchema = z.object({
  /** The file's header row, as read. */
  header: z.array(z.string().max(500)).min(1).max(IMPORT_MAX_COLUMNS),
});

export const ImportMappingAnswerSchema = z.object({
  success: z.literal(true),
  data: z.object({
    mapping: ImportMappingSchema,
    /** Whether this is the mapping last used with this header (else a guess from its names). */
    remembered: z.boolean(),
  }),
});

export const ImportRequestSchema = z.object({
  /** The whole file as text (UTF-8, as the browser read it). */
  csv: z.string().min(1, IMPORT_MESSAGES.empty).max(IMPORT_MAX_BYTES, IMPORT_MESSAGES.tooLarge),
  mapping: ImportMappingSchema,
});
export type ImportRequest = z.output<typeof ImportRequestSchema>;

export const ImportRowErrorSchema = z.object({
  /** The file's line the row starts on (the header is line 1). */
  line: z.number().int(),
  reason: z.string(),
});
export type ImportRowError = z.output<typeof ImportRowErrorSchema>;

export const ImportReportSchema = z.object({
  /** Rows below the header. */
  rows: z.number().int(),
  /** Policies created (each with its person, matched or new). */
  created: z.number().int(),
  /** Rows whose policy (carrier + number) was already recorded: nothing was written. */
  existing: z.number().int(),
  /** People created for the new policies (the others were matched by email or phone). */
  peopleCreated: z.number().int(),
  /** Rows not imported, by line, each with its reasons. */
  errors: z.array(ImportRowErrorSchema),
});
export type ImportReport = z.output<typeof ImportReportSchema>;

/**
 * Settings → Import (issue 28 §4, decision 0075), Admin and above (`book.import`): the
 * remembered mapping of a header, and the import itself (in the request: 50,000 rows take
 * seconds; the body limit is IMPORT_MAX_BYTES for this route alone).
 */
export const ImportRoutes = {
  mapping: defineRoute({
    method: "POST",
    path: "/api/imports/mapping",
    summary: "The column mapping last used with this header row, or a guess from the column names",
    access: "book.import",
    body: ImportMappingQuerySchema,
    responses: { 200: ImportMappingAnswerSchema },
  }),
  run: defineRoute({
    method: "POST",
    path: "/api/imports",
    summary:
      "Import people and policies from a CSV file through a column mapping (remembered for its header); rows with errors are reported by line, an existing policy (carrier + number) creates nothing",
    access: "book.import",
    body: ImportRequestSchema,
    responses: { 200: z.object({ success: z.literal(true), data: ImportReportSchema }) },
  }),
};
