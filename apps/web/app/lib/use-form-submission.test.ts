import { act, renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { useFormSubmission } from "./use-form-submission";

type Field = "name" | "email";
const isField = (field: string): field is Field => field === "name" || field === "email";

function setup() {
  return renderHook(() => useFormSubmission<Field>());
}

/** A request the test answers by hand, recording the key it was sent with. */
function deferredRequest() {
  const keys: string[] = [];
  let answer: (outcome: { ok: boolean }) => void = () => {};
  const request = vi.fn(
    (key: string) =>
      new Promise<{ ok: boolean }>((resolve) => {
        keys.push(key);
        answer = resolve;
      }),
  );
  return { request, keys, answer: (ok: boolean) => answer({ ok }) };
}

describe("useFormSubmission", () => {
  it("touches a field once and keeps the same set when it is touched again", () => {
    const { result } = setup();
    act(() => result.current.touch("name"));
    const afterFirst = result.current.touched;
    expect([...afterFirst]).toEqual(["name"]);
    act(() => result.current.touch("name"));
    expect(result.current.touched).toBe(afterFirst);
  });

  it("shows the first server message per known field, and forgets one when it changes", () => {
    const { result } = setup();
    let shown: unknown;
    act(() => {
      shown = result.current.showServerMessages(
        [
          { field: "email", message: "Email is taken" },
          { field: "email", message: "a second message for the same field" },
          { field: "website", message: "not a field of this form" },
          { field: "name", message: "Name is required" },
        ],
        isField,
      );
    });
    const expected = { email: "Email is taken", name: "Name is required" };
    expect(shown).toEqual(expected);
    expect(result.current.serverMessages).toEqual(expected);

    act(() => result.current.forgetServerMessages("email"));
    expect(result.current.serverMessages).toEqual({ name: "Name is required" });
    const before = result.current.serverMessages;
    act(() => result.current.forgetServerMessages("email"));
    expect(result.current.serverMessages).toBe(before);
  });

  it("is sending from the moment a request starts until it answers", async () => {
    const { result } = setup();
    const { request, answer } = deferredRequest();
    let sent: Promise<{ ok: boolean }> | undefined;
    act(() => {
      sent = result.current.send({ name: "Ann" }, request);
    });
    expect(result.current.isSending()).toBe(true);
    await act(async () => {
      answer(true);
      await sent;
    });
    expect(result.current.isSending()).toBe(false);
    expect(request).toHaveBeenCalledTimes(1);
  });

  it("reuses the Idempotency-Key when the same answers are sent again after a failure", async () => {
    const { result } = setup();
    const { request, keys, answer } = deferredRequest();
    for (const ok of [false, false, true]) {
      await act(async () => {
        const sent = result.current.send({ name: "Ann" }, request);
        answer(ok);
        await sent;
      });
    }
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
  });

  it("takes a new key for changed answers, after a success, and after a reset", async () => {
    const { result } = setup();
    const { request, keys, answer } = deferredRequest();
    const sendOnce = (answers: unknown, ok: boolean) =>
      act(async () => {
        const sent = result.current.send(answers, request);
        answer(ok);
        await sent;
      });
    await sendOnce({ name: "Ann" }, false);
    await sendOnce({ name: "Anne" }, true); // changed answers
    await sendOnce({ name: "Anne" }, false); // the same answers, but the last ones went through
    act(() => result.current.reset());
    await sendOnce({ name: "Anne" }, false); // a fresh form
    expect(new Set(keys).size).toBe(4);
  });

  it("reset clears touch state and server messages", () => {
    const { result } = setup();
    act(() => {
      result.current.touch("email");
      result.current.showServerMessages([{ field: "name", message: "Name is required" }], isField);
    });
    act(() => result.current.reset());
    expect(result.current.touched.size).toBe(0);
    expect(result.current.serverMessages).toEqual({});
  });
});
