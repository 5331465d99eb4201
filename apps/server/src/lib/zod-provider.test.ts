import { describe, expect, it } from "vitest";
import { z } from "zod";
import { zodSerializerCompiler } from "./zod-provider.ts";

const serialiserFor = (schema: z.ZodType) =>
  zodSerializerCompiler({ schema, method: "GET", url: "/x", httpStatus: "200" }) as (
    data: unknown,
  ) => string;

describe("zodSerializerCompiler", () => {
  it("writes only the declared fields, at every depth", () => {
    const serialise = serialiserFor(
      z.object({
        _id: z.string(),
        user: z.object({ email: z.string() }),
        items: z.array(z.object({ n: z.number() })),
      }),
    );
    const json = serialise({
      _id: "a",
      password_hash: "secret",
      user: { email: "e@example.com", token_hash: "secret" },
      items: [{ n: 1, internal: true }],
    });
    expect(JSON.parse(json)).toEqual({
      _id: "a",
      user: { email: "e@example.com" },
      items: [{ n: 1 }],
    });
  });

  it("keeps optional, nullable and free-form values as they are", () => {
    const serialise = serialiserFor(
      z.object({
        amount: z.number().optional(),
        changePercent: z.number().nullable(),
        value: z.unknown(),
      }),
    );
    expect(JSON.parse(serialise({ changePercent: null, value: { any: ["thing"] } }))).toEqual({
      changePercent: null,
      value: { any: ["thing"] },
    });
    expect(JSON.parse(serialise({ amount: 1.5, changePercent: 2, value: 3 }))).toEqual({
      amount: 1.5,
      changePercent: 2,
      value: 3,
    });
  });

  it("picks the matching branch of a union", () => {
    const serialise = serialiserFor(
      z.union([
        z.object({ token: z.string() }),
        z.object({ secondFactorRequired: z.literal(true), challenge: z.string() }),
      ]),
    );
    expect(JSON.parse(serialise({ secondFactorRequired: true, challenge: "c" }))).toEqual({
      secondFactorRequired: true,
      challenge: "c",
    });
    expect(JSON.parse(serialise({ token: "t", extra: 1 }))).toEqual({ token: "t" });
  });
});
