/**
 * A child process for the killed-import test (import/killed-import.test.ts): imports a
 * generated book into DATABASE_URL as USER_ID, printing "batch N" after each batch commits,
 * then "done <json report>". The test kills it with SIGKILL between those lines.
 */
import { openDatabase } from "../db/database.ts";
import { importBook } from "../import/service.ts";
import { BOOK_MAPPING, bookCsv } from "./book-csv.ts";

const url = process.env.DATABASE_URL as string;
const count = Number(process.env.BOOK_ROWS);
const database = openDatabase(url);
const report = await importBook(database, {
  csv: bookCsv(count, "KILL"),
  mapping: BOOK_MAPPING,
  actor: { userId: process.env.USER_ID as string, ip: "127.0.0.1" },
  now: new Date(),
  batchRows: Number(process.env.BATCH_ROWS),
  onBatch: ({ batches }) => process.stdout.write(`batch ${batches}\n`),
});
process.stdout.write(`done ${JSON.stringify({ ...report, errors: report.errors.length })}\n`);
await database.close();
