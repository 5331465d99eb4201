import { type ReactNode, type RefObject, useEffect, useRef } from "react";
import { cn } from "../lib/cn";

interface ModalProps {
  labelledBy: string;
  describedBy?: string;
  /** "alertdialog" for confirmations that interrupt. */
  role?: "dialog" | "alertdialog";
  /** Escape, the backdrop or a close button: the owner unmounts the modal. */
  onClose: () => void;
  /** Gets focus when the modal opens; else the first focusable element does. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** "left": a full-height drawer from the left edge (the small-screen sidebar). */
  placement?: "center" | "left";
  /** Width of a centred modal. */
  size?: "md" | "lg";
  className?: string;
  children: ReactNode;
}

/**
 * A native <dialog> opened with showModal(): the page behind is inert, Tab stays inside and
 * Escape closes it. Focus goes back to what had it before (the opener), when that is still
 * on the page.
 */
export function Modal({
  labelledBy,
  describedBy,
  role = "dialog",
  onClose,
  initialFocusRef,
  placement = "center",
  size = "md",
  className,
  children,
}: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    initialFocusRef?.current?.focus();
    return () => {
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, [initialFocusRef]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click mirrors Escape (onCancel)
    <dialog
      ref={dialogRef}
      role={role === "alertdialog" ? "alertdialog" : undefined}
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onCancel={(event) => {
        event.preventDefault();
        onCloseRef.current();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> element itself.
        if (event.target === event.currentTarget) onCloseRef.current();
      }}
      className={cn(
        "overflow-y-auto p-0 text-slate-800 shadow-2xl backdrop:bg-navy-950/60",
        placement === "center"
          ? "m-auto max-h-[calc(100dvh-2rem)] max-w-[calc(100vw-2rem)] rounded-xl bg-white"
          : "m-0 h-dvh max-h-none w-72 max-w-[85vw] bg-navy-900",
        placement === "center" && (size === "lg" ? "w-2xl" : "w-lg"),
        className,
      )}
    >
      {children}
    </dialog>
  );
}
