import { useCallback, useMemo, useState } from "react";

/**
 * A module the page loads when it first needs it, then keeps. The public forms load their
 * rules (the domain's zod schemas) this way: when the visitor first touches the form, not
 * with the page, so a phone paints and answers sooner and a visitor who only reads never
 * pays for them (docs/performance.md).
 */
export interface LazyModule<T> {
  /** Starts loading (once; again after a failure) and resolves with the module. */
  load(): Promise<T>;
  /** The module, once it has loaded. */
  current(): T | undefined;
}

export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let loaded: T | undefined;
  let loading: Promise<T> | undefined;
  return {
    load() {
      loading ??= importer().then(
        (module) => {
          loaded = module;
          return module;
        },
        (error: unknown) => {
          // A lost connection must not leave the form without rules for good.
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    current: () => loaded,
  };
}

/**
 * A lazy module as React state: `module` is undefined until it has loaded (the component
 * renders again then); `ensure()` starts loading and resolves with the module, or with
 * undefined when it cannot be loaded (offline): callers then go on without it, and the
 * server's checks still apply. `loadOnTouch` goes on a form: the module starts loading at
 * the visitor's first focus, press or key in it, before any answer needs checking.
 */
export function useLazyModule<T>(lazy: LazyModule<T>) {
  const [module, setModule] = useState<T | undefined>(lazy.current);
  const ensure = useCallback(async (): Promise<T | undefined> => {
    try {
      const loaded = await lazy.load();
      setModule(() => loaded);
      return loaded;
    } catch {
      return undefined;
    }
  }, [lazy]);
  const loadOnTouch = useMemo(() => {
    const start = () => void ensure();
    return { onFocus: start, onPointerDownCapture: start, onKeyDownCapture: start };
  }, [ensure]);
  return { module, ensure, loadOnTouch };
}
