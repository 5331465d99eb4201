import { API_ENDPOINTS, can, PERSON_MERGE_UNDO_DAYS } from "@agency/domain";
import { type ReactNode, useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { primaryButtonClass, secondaryButtonClass } from "../../components/control-classes";
import { Modal } from "../../components/modal";
import { errorText } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { useDashboard } from "../../lib/dashboard-context";
import { silentFailureText } from "../../lib/format";

/**
 * Who a merge keeps and who it merges in, by id and by the name staff read; `detail` (their
 * email or phone) tells apart two people of one name in the confirmation.
 */
type MergeSide = { id: string; name: string; detail?: string };
export type MergePair = { kept: MergeSide; other: MergeSide };

const pairKey = (keptId: string, otherId: string) => `${keptId} ${otherId}`;

/**
 * Merging two people (decision 0066) as the person page's suggestions and the Duplicates
 * list offer it: `ask` opens the confirmation; Merge sends it (a second click while it is
 * on its way sends nothing), and a toast offers Undo (the server keeps it undoable for
 * PERSON_MERGE_UNDO_DAYS). `onChange` runs after a merge and after its undo. A refusal is
 * kept for the pair it concerns (`errorOf`). Only staff who may archive (Manager and up, as
 * the route) may merge: `canMerge`.
 */
export function useMergePeople({ onChange }: { onChange: (pair: MergePair) => void }): {
  canMerge: boolean;
  isMerging: boolean;
  ask: (pair: MergePair) => void;
  errorOf: (keptId: string, otherId: string) => string | undefined;
  dialog: ReactNode;
} {
  const { call, user } = useAuth();
  const { showToast } = useDashboard();
  const [pair, setPair] = useState<MergePair | null>(null);
  const [isMerging, setIsMerging] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const mergingRef = useRef(false);

  async function undo(mergeId: string, done: MergePair) {
    const result = await call(API_ENDPOINTS.people.undoMerge, { params: { id: mergeId } });
    if (result.ok) {
      showToast(`Merge undone: ${done.other.name} is a separate person again.`);
      onChange(done);
    } else {
      showToast(
        `Failed to undo the merge: ${errorText(result, silentFailureText(result))}`,
        "error",
      );
    }
  }

  async function merge() {
    if (!pair || mergingRef.current) return;
    mergingRef.current = true;
    const asked = pair;
    setIsMerging(true);
    const result = await call(API_ENDPOINTS.people.merge, {
      params: { id: asked.kept.id },
      body: { otherId: asked.other.id },
    });
    mergingRef.current = false;
    // Closed now, so the dialog gives focus back to its opener before `onChange` moves it.
    flushSync(() => {
      setIsMerging(false);
      setPair(null);
    });
    if (!result.ok) {
      setErrors({
        [pairKey(asked.kept.id, asked.other.id)]: errorText(result, silentFailureText(result)),
      });
      return;
    }
    setErrors({});
    const { mergeId } = result.data.data;
    showToast(`${asked.other.name} merged into ${asked.kept.name}.`, "success", {
      label: "Undo",
      onAction: () => void undo(mergeId, asked),
    });
    onChange(asked);
  }

  return {
    canMerge: can(user, "leads.archive"),
    isMerging,
    ask: (next) => {
      setErrors({});
      setPair(next);
    },
    errorOf: (keptId, otherId) => errors[pairKey(keptId, otherId)],
    dialog: pair ? (
      <MergeDialog
        pair={pair}
        isMerging={isMerging}
        onMerge={() => void merge()}
        onCancel={() => {
          if (!mergingRef.current) setPair(null);
        }}
      />
    ) : null,
  };
}

/** "Merge Ann Lee into Ann Lee?" with what it does, Keep them apart (focused) or Merge. */
function MergeDialog({
  pair,
  isMerging,
  onMerge,
  onCancel,
}: {
  pair: MergePair;
  isMerging: boolean;
  onMerge: () => void;
  onCancel: () => void;
}) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();
  return (
    <Modal
      role="alertdialog"
      labelledBy={titleId}
      describedBy={textId}
      onClose={onCancel}
      initialFocusRef={cancelRef}
    >
      <div className="space-y-4 p-6">
        <h2 id={titleId} className="text-lg font-bold wrap-anywhere text-navy-900">
          Merge {pair.other.name} into {pair.kept.name}?
        </h2>
        <p id={textId} className="text-sm wrap-anywhere text-slate-700">
          Every lead of {pair.other.name} moves to {pair.kept.name}, and both histories are kept.
          The merge can be undone for {PERSON_MERGE_UNDO_DAYS} days.
        </p>
        {pair.kept.detail && pair.other.detail ? (
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
            <dt className="font-semibold text-navy-900">Kept</dt>
            <dd className="wrap-anywhere text-slate-700">
              {pair.kept.name} ({pair.kept.detail})
            </dd>
            <dt className="font-semibold text-navy-900">Merged in</dt>
            <dd className="wrap-anywhere text-slate-700">
              {pair.other.name} ({pair.other.detail})
            </dd>
          </dl>
        ) : null}
        <div className="flex flex-wrap justify-end gap-3">
          <button ref={cancelRef} type="button" className={secondaryButtonClass} onClick={onCancel}>
            Keep them apart
          </button>
          <button
            type="button"
            disabled={isMerging}
            className={primaryButtonClass}
            onClick={onMerge}
          >
            {isMerging ? "Merging…" : "Merge"}
          </button>
        </div>
      </div>
    </Modal>
  );
}
