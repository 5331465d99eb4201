import { useEffect, useRef, useState } from "react";
import { cn } from "../lib/cn";
import { CloseIcon } from "./icons/close";

type Tone = "success" | "info" | "error";

const tones: Record<Tone, string> = {
  success: "border-emerald-600 bg-emerald-50 text-emerald-950",
  info: "border-brand-600 bg-brand-50 text-navy-950",
  error: "border-red-700 bg-red-50 text-red-950",
};

export interface ToastProps {
  /** The text shown; null shows nothing (the live region stays, so the next message is announced). */
  message: string | null;
  /** The toast closes itself after this many milliseconds (paused while hovered or focused). */
  durationMs: number;
  /** Called once per message: by the close button or when the time is up. */
  onClose: () => void;
  tone?: Tone;
  closeLabel?: string;
  /**
   * A button beside the text (Undo). A toast with an action stays until it is closed or
   * replaced (no time limit: WCAG 2.2.1), and never takes focus.
   */
  action?: { label: string; onAction: () => void };
  /** "bottom" keeps it clear of a dialog's Close button at the top on small screens. */
  placement?: "top" | "bottom";
}

/**
 * A notification at the top centre of the viewport. It is fixed, so showing it never moves
 * the page (no layout shift). The `role="status"` region is rendered even while empty:
 * screen readers announce changes to a live region that already exists, not one that
 * appears together with its text. The countdown pauses while the pointer or keyboard
 * focus is on the toast (WCAG 2.2.1), and resumes with the time that was left.
 */
export function Toast({
  message,
  durationMs,
  onClose,
  tone = "success",
  closeLabel = "Close notification",
  action,
  placement = "top",
}: ToastProps) {
  const [isPaused, setIsPaused] = useState(false);
  const cardRef = useRef<HTMLDivElement>(null);
  const remainingMs = useRef(durationMs);
  const shownMessage = useRef<string | null>(null);
  const hasClosed = useRef(false);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  // A new message starts a fresh countdown.
  if (message !== shownMessage.current) {
    shownMessage.current = message;
    remainingMs.current = durationMs;
    hasClosed.current = false;
  }

  const close = () => {
    if (hasClosed.current) return;
    hasClosed.current = true;
    onCloseRef.current();
  };
  const closeRef = useRef(close);
  closeRef.current = close;

  const hasAction = action !== undefined;

  // Pause while the pointer is over the toast or focus is inside it.
  useEffect(() => {
    const card = cardRef.current;
    if (!card) return;
    const pause = () => setIsPaused(true);
    const resume = () => setIsPaused(false);
    const onFocusOut = (event: FocusEvent) => {
      if (!card.contains(event.relatedTarget as Node | null)) resume();
    };
    card.addEventListener("pointerenter", pause);
    card.addEventListener("pointerleave", resume);
    card.addEventListener("focusin", pause);
    card.addEventListener("focusout", onFocusOut);
    return () => {
      card.removeEventListener("pointerenter", pause);
      card.removeEventListener("pointerleave", resume);
      card.removeEventListener("focusin", pause);
      card.removeEventListener("focusout", onFocusOut);
    };
  }, []);

  // A closed toast is not hovered or focused any more, whatever the last events said.
  useEffect(() => {
    if (message === null) setIsPaused(false);
  }, [message]);

  useEffect(() => {
    if (message === null || isPaused || hasAction) return;
    const startedAt = Date.now();
    const timer = window.setTimeout(() => closeRef.current(), remainingMs.current);
    return () => {
      window.clearTimeout(timer);
      remainingMs.current = Math.max(0, remainingMs.current - (Date.now() - startedAt));
    };
  }, [message, isPaused, hasAction]);

  return (
    <div
      className={cn(
        "pointer-events-none fixed inset-x-0 z-50 flex justify-center px-4",
        placement === "top" ? "top-4" : "bottom-4",
      )}
    >
      <div
        ref={cardRef}
        className={cn(
          message !== null &&
            "pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-xl border-l-4 p-4 shadow-xl ring-1 ring-black/5",
          message !== null && tones[tone],
        )}
      >
        <div role="status" aria-live="polite" aria-atomic="true" className="min-w-0 flex-1">
          {message !== null ? <p className="text-sm font-medium sm:text-base">{message}</p> : null}
        </div>
        {message !== null && action ? (
          <button
            type="button"
            onClick={() => {
              close();
              action.onAction();
            }}
            className="-my-1 min-h-9 shrink-0 cursor-pointer rounded-md bg-white px-3 text-sm font-bold text-navy-900 underline-offset-2 ring-1 ring-current ring-inset hover:underline"
          >
            {action.label}
          </button>
        ) : null}
        {message !== null ? (
          <button
            type="button"
            onClick={close}
            aria-label={closeLabel}
            className="-m-1 flex size-8 shrink-0 cursor-pointer items-center justify-center rounded-md hover:bg-black/5"
          >
            <CloseIcon className="size-5" />
          </button>
        ) : null}
      </div>
    </div>
  );
}
