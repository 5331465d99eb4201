/** Errors a handler throws on purpose; the error handler turns them into the contract's JSON. */
export declare class HttpError extends Error {
    readonly statusCode: number;
    readonly headers: Record<string, string>;
    constructor(statusCode: number, message: string, headers?: Record<string, string>);
}
export type FieldError = {
    field: string;
    message: string;
};
/** A 400 with one entry per invalid field, the first one repeated as `message`/`error`. */
export declare class RequestValidationError extends HttpError {
    readonly fieldErrors: FieldError[];
    constructor(fieldErrors: FieldError[]);
}
export declare const notFound: (message?: string) => HttpError;
export declare const conflict: (message: string) => HttpError;
