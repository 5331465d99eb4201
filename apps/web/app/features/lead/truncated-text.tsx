import { useId, useState } from "react";

interface TruncatedTextProps {
  text: string;
  limit: number;
  moreLabel: string;
  lessLabel: string;
}

/** A long message cut at `limit` characters, with a toggle to read it all. */
export function TruncatedText({ text, limit, moreLabel, lessLabel }: TruncatedTextProps) {
  const [isExpanded, setIsExpanded] = useState(false);
  const id = useId();
  if (text.length <= limit) return <p className="whitespace-pre-line wrap-anywhere">{text}</p>;
  return (
    <div>
      <p id={id} className="whitespace-pre-line wrap-anywhere">
        {isExpanded ? text : `${text.slice(0, limit).trimEnd()}…`}
      </p>
      <button
        type="button"
        aria-expanded={isExpanded}
        aria-controls={id}
        onClick={() => setIsExpanded((value) => !value)}
        className="mt-1 min-h-6 cursor-pointer rounded-sm text-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
      >
        {isExpanded ? lessLabel : moreLabel}
      </button>
    </div>
  );
}
