import { useId, useRef } from "react";
import { Modal } from "./modal";

interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** An accessible confirmation (instead of window.confirm). Cancel has focus first. */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const titleId = useId();
  const messageId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      role="alertdialog"
      labelledBy={titleId}
      describedBy={messageId}
      onClose={onCancel}
      initialFocusRef={cancelRef}
    >
      <div className="p-6">
        <h2 id={titleId} className="text-lg font-bold text-navy-900">
          {title}
        </h2>
        <p id={messageId} className="mt-2 text-slate-700">
          {message}
        </p>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <button
            ref={cancelRef}
            type="button"
            onClick={onCancel}
            className="min-h-11 cursor-pointer rounded-md px-4 font-semibold text-navy-900 ring-1 ring-slate-300 ring-inset hover:bg-slate-50"
          >
            Cancel
          </button>
          <button
            type="button"
            onClick={onConfirm}
            className="min-h-11 cursor-pointer rounded-md bg-red-700 px-4 font-semibold text-white hover:bg-red-800"
          >
            {confirmLabel}
          </button>
        </div>
      </div>
    </Modal>
  );
}
