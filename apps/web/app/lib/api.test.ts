import { API_ENDPOINTS } from "@agency/domain";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type ApiFailure, callRoute, errorText, routeUrl } from "./api";

type Sent = { url: string; init: RequestInit };

function answerWith(status: number, body: unknown): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return new Response(JSON.stringify(body), {
      status,
      headers: { "content-type": "application/json" },
    });
  });
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("routeUrl", () => {
  it("fills path parameters, encoded, and leaves empty query values out", () => {
    expect(routeUrl(API_ENDPOINTS.contacts.one, { params: { id: "a/b c" } })).toBe(
      "/api/contacts/a%2Fb%20c",
    );
    expect(
      routeUrl(API_ENDPOINTS.contacts.list, {
        query: { q: "Zoë & co", limit: 25, offset: 0, status: "", sort: undefined },
      }),
    ).toBe("/api/contacts/list-contacts?q=Zo%C3%AB+%26+co&limit=25&offset=0");
  });

  it("refuses a path whose parameter is missing instead of calling another address", () => {
    expect(() => routeUrl(API_ENDPOINTS.contacts.one, { params: {} })).toThrow(/id/);
  });
});

describe("callRoute", () => {
  it("sends the route's method, path and JSON body, and answers the typed success", async () => {
    const sent = answerWith(201, {
      success: true,
      message: "Sent",
      data: { _id: "x", createdAt: "2026-11-28T10:00:00.000Z" },
    });
    const result = await callRoute(API_ENDPOINTS.contacts.send, {
      body: {
        firstName: "Zoë",
        lastName: "Ng",
        email: "zoe@example.com",
        phone: "6125550123",
        subject: "Other",
        message: "Hello",
        notRobot: true,
      },
      idempotencyKey: "00000000-0000-4000-8000-000000000000",
    });
    expect(sent[0]?.url).toBe("/api/contacts/send-contact");
    expect(sent[0]?.init.method).toBe("POST");
    expect(JSON.parse(String(sent[0]?.init.body)).firstName).toBe("Zoë");
    expect(new Headers(sent[0]?.init.headers).get("idempotency-key")).toBe(
      "00000000-0000-4000-8000-000000000000",
    );
    expect(result.ok && result.data.data._id).toBe("x");
  });

  it("answers a failure with the server's error and message apart", async () => {
    answerWith(404, { error: "Not found", message: "No such contact" });
    const result = await callRoute(API_ENDPOINTS.contacts.one, {
      params: { id: "01900000-0000-7000-8000-000000000000" },
      token: "t",
    });
    expect(result).toMatchObject({ ok: false, status: 404, error: "Not found" });
  });

  it("is typed by the route: missing parameters, bodies and queries fail to compile", () => {
    const never = () => {
      // @ts-expect-error: the lead page's read needs its id
      void callRoute(API_ENDPOINTS.contacts.one);
      // @ts-expect-error: the contact form's body is the contact message
      void callRoute(API_ENDPOINTS.contacts.send, { body: { name: "x" } });
      // @ts-expect-error: free slots are asked for one date
      void callRoute(API_ENDPOINTS.appointments.slots, {});
      // Nothing needed: no argument.
      void callRoute(API_ENDPOINTS.health.check);
    };
    expect(typeof never).toBe("function");
  });
});

describe("errorText", () => {
  const failure = (fields: Partial<ApiFailure>): ApiFailure => ({
    ok: false,
    status: 400,
    error: undefined,
    message: undefined,
    errors: [],
    retryAfterSeconds: undefined,
    ...fields,
  });

  it("reads the server's error, else its message, else the fallback", () => {
    expect(errorText(failure({ error: "Too many requests", message: "Later" }), "x")).toBe(
      "Too many requests",
    );
    expect(errorText(failure({ message: "Name is required" }), "x")).toBe("Name is required");
    expect(errorText(failure({}), "Submission failed")).toBe("Submission failed");
  });

  it("never shows a server failure's raw status text: the fallback says it in words", () => {
    const shown = (error: string, status = 500) =>
      errorText(failure({ status, error, message: error }), "Submission failed");
    expect(shown("Internal Server Error")).toBe("Submission failed");
    expect(shown("  bad gateway ", 502)).toBe("Submission failed");
    expect(shown("503 Service Unavailable", 503)).toBe("Submission failed");
    // The server's own words for a failure are words, and stay.
    expect(shown("Something went wrong on our side. Please try again.")).toBe(
      "Something went wrong on our side. Please try again.",
    );
    // A client error's text is the server's decision, shown as it is.
    expect(shown("Not Found", 404)).toBe("Not Found");
  });

  it("without a fallback, says what went wrong on the way", () => {
    expect(errorText(failure({ status: undefined }))).toBe("The server could not be reached");
    expect(errorText(failure({ status: 502 }))).toBe("The server answered 502");
  });
});
