/**
 * The yardstick of `npm run bench`'s contact row (issue 13): a bare node:http server that
 * does the least the contact POST must do. It reads and parses the same JSON body and
 * inserts the same contacts row through better-sqlite3 with the app's durability (WAL,
 * synchronous=FULL, db/database.ts), one transaction per request, then answers 201 with
 * the app's body. No framework, validation, idempotency key, mail, rate limit or logging.
 *
 *   node apps/server/scripts/bench-bare-server.ts FILE   (a database the app has migrated)
 *
 * Listens on a free port of 127.0.0.1 and sends the port to its parent over IPC.
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import SqliteDatabase from "better-sqlite3";

const file = process.argv[2];
if (!file) throw new Error("usage: bench-bare-server.ts DATABASE_FILE");

const sqlite = new SqliteDatabase(file);
sqlite.pragma("journal_mode = WAL");
sqlite.pragma("synchronous = FULL");
sqlite.pragma("foreign_keys = ON");
sqlite.pragma("busy_timeout = 5000");
const insert = sqlite.prepare(
  `insert into contacts (id, first_name, last_name, email, phone, subject, message, status, status_changed_at, created_at)
   values (?, ?, ?, ?, ?, ?, ?, 'new', ?, ?)`,
);
const insertOne = sqlite.transaction((values: unknown[]) => insert.run(...values));

type Contact = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
};

const server = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    let status = 201;
    let body: string;
    try {
      const c = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Contact;
      const id = randomUUID();
      const createdAt = new Date().toISOString();
      insertOne([
        id,
        c.firstName,
        c.lastName,
        c.email,
        c.phone,
        c.subject,
        c.message,
        createdAt,
        createdAt,
      ]);
      body = JSON.stringify({
        success: true,
        message: "Message Sent Successfully!",
        data: { _id: id, createdAt },
      });
    } catch (error) {
      status = 400;
      body = JSON.stringify({ success: false, message: String(error) });
    }
    response.writeHead(status, {
      "content-type": "application/json; charset=utf-8",
      "content-length": Buffer.byteLength(body),
    });
    response.end(body);
  });
});

server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  process.send?.(typeof address === "object" && address ? address.port : 0);
});
process.on("SIGTERM", () => {
  server.close();
  sqlite.close();
  process.exit(0);
});
