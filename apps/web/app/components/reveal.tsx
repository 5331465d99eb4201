import { type ElementType, type ReactNode, useEffect, useRef, useState } from "react";
import { cn } from "../lib/cn";

/** A section is revealed once at least this share of it is visible (spec: 0.3). */
export const REVEAL_THRESHOLD = 0.3;

/**
 * Transition delays as literal class names, so Tailwind generates them. Index i of a
 * staggered list gets `i × step` (spec: 0.1 s per product tab, 0.15 s per feature card).
 */
const DELAY_CLASSES: Record<number, string> = {
  0: "delay-0",
  100: "delay-100",
  150: "delay-150",
  200: "delay-200",
  300: "delay-300",
  400: "delay-400",
  450: "delay-450",
  500: "delay-500",
  600: "delay-600",
  700: "delay-700",
  750: "delay-750",
  800: "delay-800",
  900: "delay-900",
  1050: "delay-1050",
  1200: "delay-1200",
};

export function staggerDelayClass(index: number, stepMs: 100 | 150): string {
  return DELAY_CLASSES[index * stepMs] ?? "delay-0";
}

/**
 * Shown once it is 30 % in view, or when it already lies above the viewport: a visitor who
 * arrives below it (a link to an anchor, a reload that restores the scroll position, a
 * fast scroll before the page came alive) has passed it and should find it there when
 * scrolling back, not see it fade in as if for the first time.
 */
function shouldReveal(entry: IntersectionObserverEntry): boolean {
  if (entry.isIntersecting) return true;
  const viewportTop = entry.rootBounds?.top ?? 0;
  return entry.boundingClientRect.bottom <= viewportTop;
}

type RevealProps = {
  as?: ElementType;
  className?: string;
  /** Position in a staggered list and the step between items. */
  staggerIndex?: number;
  staggerStepMs?: 100 | 150;
  children: ReactNode;
} & Record<string, unknown>;

/**
 * Fades and lifts its content in the first time it is 30 % visible (or found already
 * scrolled past), and never hides it again. The hidden state exists only in CSS under `(scripting: enabled)` and
 * `(prefers-reduced-motion: no-preference)` (see app.css), so prerendered content is
 * visible without JavaScript and never moves for visitors who asked for less motion.
 * Do not wrap above-the-fold content: it would delay the largest contentful paint.
 */
export function Reveal({
  as: Component = "div",
  className,
  staggerIndex,
  staggerStepMs = 100,
  children,
  ...rest
}: RevealProps) {
  const ref = useRef<HTMLElement>(null);
  const [isRevealed, setIsRevealed] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element || isRevealed) return;
    if (typeof IntersectionObserver === "undefined") {
      setIsRevealed(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some(shouldReveal)) {
          setIsRevealed(true);
          observer.disconnect();
        }
      },
      { threshold: REVEAL_THRESHOLD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [isRevealed]);

  return (
    <Component
      ref={ref}
      data-revealed={isRevealed ? "true" : "false"}
      className={cn(
        "reveal",
        staggerIndex === undefined ? undefined : staggerDelayClass(staggerIndex, staggerStepMs),
        className,
      )}
      {...rest}
    >
      {children}
    </Component>
  );
}
