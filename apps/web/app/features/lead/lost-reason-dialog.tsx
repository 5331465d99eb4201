import {
  LOST_DETAIL_MAX_LENGTH,
  LOST_REASON_LABELS,
  LOST_REASONS,
  type LostReason,
  WORK_MESSAGES,
} from "@agency/domain";
import { useId, useRef, useState } from "react";
import { FieldMessage, TextAreaField } from "../../components/form-controls";
import { Modal } from "../../components/modal";
import { type ApiFailure, errorText } from "../../lib/api";
import { silentFailureText } from "../../lib/format";
import { primaryButtonClass, secondaryButtonClass } from "./list-controls";

export type LostChoice = { lostReason: LostReason; lostDetail: string };

/**
 * Why a lead was lost, asked before the status changes: a reason from the list, and free
 * text that "Other" requires. The dialog stays open with what was chosen and typed until
 * the server accepts it; its errors show inside it.
 */
export function LostReasonDialog({
  owner,
  initial,
  onSubmit,
  onCancel,
}: {
  /** Whose lead, for the title. */
  owner: string;
  initial?: Partial<LostChoice> | undefined;
  /** Answers null when the change was made, else the failure to show. */
  onSubmit: (choice: LostChoice) => Promise<ApiFailure | null>;
  onCancel: () => void;
}) {
  const titleId = useId();
  const errorId = useId();
  const detailId = useId();
  const firstRef = useRef<HTMLInputElement>(null);
  const [reason, setReason] = useState<LostReason | "">(initial?.lostReason ?? "");
  const [detail, setDetail] = useState(initial?.lostDetail ?? "");
  const [errors, setErrors] = useState<{ reason?: string; detail?: string; form?: string }>({});
  const isSending = useRef(false);
  const [isBusy, setIsBusy] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (isSending.current) return;
    if (!reason) return setErrors({ reason: WORK_MESSAGES.lostReasonRequired });
    if (reason === "other" && !detail.trim()) {
      return setErrors({ detail: WORK_MESSAGES.lostDetailRequired });
    }
    isSending.current = true;
    setIsBusy(true);
    const failure = await onSubmit({ lostReason: reason, lostDetail: detail.trim() });
    isSending.current = false;
    setIsBusy(false);
    if (failure) {
      const field = (name: string) => failure.errors.find((e) => e.field === name)?.message;
      const reasonError = field("lostReason");
      const detailError = field("lostDetail");
      setErrors(
        reasonError || detailError
          ? { reason: reasonError, detail: detailError }
          : {
              form: `The lead was not marked lost: ${errorText(failure, silentFailureText(failure))}`,
            },
      );
    }
  }

  return (
    <Modal labelledBy={titleId} onClose={onCancel} initialFocusRef={firstRef}>
      <form className="space-y-4 p-6" onSubmit={(event) => void submit(event)} noValidate>
        <h2 id={titleId} className="text-lg font-bold text-navy-900">
          Mark {owner} lost
        </h2>
        {errors.form ? (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-800">
            {errors.form}
          </p>
        ) : null}
        <fieldset aria-describedby={errors.reason ? errorId : undefined}>
          <legend className="mb-2 text-sm font-semibold text-navy-900">Why was it lost?</legend>
          <div className="grid gap-1 sm:grid-cols-2">
            {LOST_REASONS.map((option, index) => (
              <label
                key={option}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md px-2 text-sm hover:bg-slate-50"
              >
                <input
                  ref={index === 0 ? firstRef : undefined}
                  type="radio"
                  name="lostReason"
                  value={option}
                  checked={reason === option}
                  onChange={() => {
                    setReason(option);
                    setErrors({});
                  }}
                  className="size-4 accent-brand-700"
                />
                {LOST_REASON_LABELS[option]}
              </label>
            ))}
          </div>
          <FieldMessage id={errorId} message={errors.reason} />
        </fieldset>
        <TextAreaField
          id={detailId}
          label="Details"
          isOptional={reason !== "other"}
          rows={3}
          value={detail}
          maxLength={LOST_DETAIL_MAX_LENGTH}
          error={errors.detail}
          onValueChange={(value) => {
            setDetail(value);
            if (errors.detail) setErrors({ ...errors, detail: undefined });
          }}
        />
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" onClick={onCancel} className={secondaryButtonClass}>
            Cancel
          </button>
          <button type="submit" className={primaryButtonClass} disabled={isBusy} aria-busy={isBusy}>
            {isBusy ? "Saving…" : "Mark lost"}
          </button>
        </div>
      </form>
    </Modal>
  );
}
