import type { ReactNode } from "react";
import { cn } from "../../lib/cn";

/**
 * A pair of calls to action: stacked at full width on phones, so the buttons line up,
 * side by side from the `sm` breakpoint.
 */
export function ActionRow({
  children,
  isCentered = false,
  className,
}: {
  children: ReactNode;
  isCentered?: boolean;
  className?: string;
}) {
  return (
    <div
      className={cn(
        "flex w-full flex-col gap-3 sm:w-auto sm:flex-row sm:flex-wrap",
        isCentered && "max-w-sm sm:max-w-none sm:justify-center",
        className,
      )}
    >
      {children}
    </div>
  );
}
