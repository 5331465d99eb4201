/** Errors a handler throws on purpose; the error handler turns them into the contract's JSON. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly headers: Record<string, string>;
  constructor(statusCode: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.statusCode = statusCode;
    this.headers = headers;
  }
}

export type FieldError = { field: string; message: string };

/** A 400 with one entry per invalid field, the first one repeated as `message`/`error`. */
export class RequestValidationError extends HttpError {
  readonly fieldErrors: FieldError[];
  constructor(fieldErrors: FieldError[]) {
    super(400, fieldErrors[0]?.message ?? "Invalid request");
    this.fieldErrors = fieldErrors;
  }
}

export const notFound = (message = "Not found") => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
