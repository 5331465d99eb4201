import { AGENCY } from "@agency/domain";
import { useState } from "react";
import { cn } from "../../../lib/cn";
import { primaryButtonClass, secondaryButtonClass } from "../form-controls";

/**
 * One-time recovery codes, shown once (the server keeps only their hashes): copy them,
 * download them as a text file, then go on.
 */
export function RecoveryCodesPanel({
  codes,
  onDone,
  doneLabel = "I've Saved My Codes",
}: {
  codes: string[];
  onDone?: () => void;
  doneLabel?: string;
}) {
  const [copyStatus, setCopyStatus] = useState("");
  const text = [
    `${AGENCY.name} staff sign-in: recovery codes`,
    "Each code works once, instead of a code from your authenticator app.",
    "",
    ...codes,
    "",
  ].join("\n");

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopyStatus("Copied to the clipboard.");
    } catch {
      setCopyStatus("Copying is not allowed here. Download the codes or write them down.");
    }
  }

  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = "recovery-codes.txt";
    document.body.append(link);
    link.click();
    link.remove();
    window.setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  return (
    <div className="space-y-4">
      <p className="text-base text-slate-800">
        Keep these codes somewhere safe, away from your phone. If you lose your phone, each code
        signs you in once. <strong>This is the only time they are shown.</strong>
      </p>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-lg bg-slate-50 p-4 font-mono text-base font-semibold text-navy-950 ring-1 ring-slate-200"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-3">
        <button type="button" onClick={() => void copy()} className={secondaryButtonClass}>
          Copy Codes
        </button>
        <button type="button" onClick={download} className={secondaryButtonClass}>
          Download Codes
        </button>
        {onDone ? (
          <button type="button" onClick={onDone} className={cn(primaryButtonClass)}>
            {doneLabel}
          </button>
        ) : null}
      </div>
      <p role="status" className="text-sm text-slate-700">
        {copyStatus}
      </p>
    </div>
  );
}
