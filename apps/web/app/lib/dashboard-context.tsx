import { createContext, use } from "react";

export type ToastAction = { label: string; onAction: () => void };

/** What a view may ask of the frame around it. Going elsewhere is a link (views.ts paths). */
export interface DashboardContextValue {
  /**
   * One toast at a time, at the bottom of the viewport (a polite live region). With an
   * action (Undo) it stays until closed or replaced.
   */
  showToast: (message: string, tone?: "success" | "error" | "info", action?: ToastAction) => void;
  /** Opens the prospect timeline: everything this email sent. */
  openProspect: (email: string) => void;
}

export const DashboardContext = createContext<DashboardContextValue | null>(null);

export function useDashboard(): DashboardContextValue {
  const value = use(DashboardContext);
  if (value === null) throw new Error("useDashboard must be used within the dashboard");
  return value;
}
