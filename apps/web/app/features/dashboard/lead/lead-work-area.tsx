import type { ReactNode } from "react";
import type { LeadView } from "../views";

/** The lead a work panel acts on. */
export type LeadRef = {
  view: LeadView;
  id: string;
  /** The person's name and email, as the lead page shows them. */
  name: string;
  email: string;
  status: string;
};

export interface LeadWorkAreaProps {
  lead: LeadRef;
  /** Reads the lead again (after a panel changed it on the server). */
  reload: () => void;
}

/**
 * The slot of the lead page where work on one lead happens: each panel (notes and calls,
 * assignment, follow-up, archive) is one element in the list below, rendered beside the
 * lead's details and above its prospect timeline, on every kind of lead.
 */
export function LeadWorkArea({ lead, reload }: LeadWorkAreaProps) {
  void lead;
  void reload;
  const panels: ReactNode[] = [
    // One line per panel, e.g. <NotesPanel key="notes" lead={lead} />
  ];
  if (panels.length === 0) return null;
  return <div className="space-y-4">{panels}</div>;
}
