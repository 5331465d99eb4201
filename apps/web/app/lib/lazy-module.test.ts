import { act, renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { lazyModule, useLazyModule } from "./lazy-module";

/** An import the test settles by hand. */
function deferredImport<T>() {
  const settle: { resolve: (value: T) => void; reject: (error: Error) => void } = {
    resolve: () => {},
    reject: () => {},
  };
  const importer = vi.fn(
    () =>
      new Promise<T>((resolve, reject) => {
        settle.resolve = resolve;
        settle.reject = reject;
      }),
  );
  return { importer, settle };
}

describe("lazyModule", () => {
  it("imports nothing until asked, then once however often it is asked", async () => {
    const { importer, settle } = deferredImport<{ rule: string }>();
    const lazy = lazyModule(importer);
    expect(importer).not.toHaveBeenCalled();
    expect(lazy.current()).toBeUndefined();

    const first = lazy.load();
    const second = lazy.load();
    expect(importer).toHaveBeenCalledTimes(1);
    settle.resolve({ rule: "ä ✓ 𝒳" });
    expect(await first).toEqual({ rule: "ä ✓ 𝒳" });
    expect(await second).toBe(await first);
    expect(lazy.current()).toBe(await first);
    await lazy.load();
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it("tries again after a failed import (a lost connection is not for good)", async () => {
    const { importer, settle } = deferredImport<string>();
    const lazy = lazyModule(importer);
    const failed = lazy.load();
    settle.reject(new Error("offline"));
    await expect(failed).rejects.toThrow("offline");
    expect(lazy.current()).toBeUndefined();

    const retried = lazy.load();
    expect(importer).toHaveBeenCalledTimes(2);
    settle.resolve("rules");
    expect(await retried).toBe("rules");
  });
});

describe("useLazyModule", () => {
  it("renders without the module, then with it once ensure() has loaded it", async () => {
    const { importer, settle } = deferredImport<{ check: () => string }>();
    const lazy = lazyModule(importer);
    const { result } = renderHook(() => useLazyModule(lazy));
    expect(result.current.module).toBeUndefined();

    let ensured: Promise<unknown> = Promise.resolve();
    act(() => {
      ensured = result.current.ensure();
    });
    const rules = { check: () => "checked" };
    await act(async () => {
      settle.resolve(rules);
      await ensured;
    });
    expect(result.current.module).toBe(rules);
    expect(await result.current.ensure()).toBe(rules);
  });

  it("starts with the module when another component loaded it already", async () => {
    const lazy = lazyModule(async () => "loaded before");
    await lazy.load();
    const { result } = renderHook(() => useLazyModule(lazy));
    expect(result.current.module).toBe("loaded before");
  });

  it("resolves ensure() with undefined when the module cannot load", async () => {
    const lazy = lazyModule(async (): Promise<string> => {
      throw new Error("offline");
    });
    const { result } = renderHook(() => useLazyModule(lazy));
    let outcome: unknown = "unset";
    await act(async () => {
      outcome = await result.current.ensure();
    });
    expect(outcome).toBeUndefined();
    expect(result.current.module).toBeUndefined();
  });
});
