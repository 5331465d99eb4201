import { can } from "@agency/domain";
import type { ReactNode } from "react";
import { useAuth } from "../../../lib/auth";
import { LEAD_VIEWS, type LeadView } from "../../../lib/dashboard-views";
import { IssuePolicyPanel, XDatePanel } from "../../policy";
import { type EmailOpening, EmailPanel } from "../email-panel";
import { type LeadWork, WorkPanel } from "../work-panel";

/** How policies name the lead of each view. */
const POLICY_KIND = { quotes: "quote", contacts: "contact", appointments: "appointment" } as const;

/** The lead a work panel acts on. */
export type LeadRef = {
  view: LeadView;
  id: string;
  /** The person's name and email, as the lead page shows them. */
  name: string;
  email: string;
  status: string;
  /** What an email to the person starts from (first name, prefilled subject). */
  emailOpening: EmailOpening;
};

export interface LeadWorkAreaProps {
  lead: LeadRef;
  /** Who works it and when to follow up, as the lead record holds them. */
  work: LeadWork;
  /** Applies a change a panel made (without reading the lead again). */
  onWorkChanged: (change: LeadWork) => void;
  /** Reads the lead again (after a panel changed it on the server). */
  reload: () => void;
  /** A new value opens the email form (the timeline's "Email this prospect"). */
  emailRequest?: number;
  /** An email was queued from the Emails panel, or one's delivery state changed. */
  onEmailed?: () => void;
}

/**
 * The slot of the lead page where work on one lead happens: each panel (notes and calls,
 * assignment, follow-up, emails) is one element in the list below, rendered beside the
 * lead's details and above its prospect timeline, on every kind of lead.
 */
export function LeadWorkArea({
  lead,
  work,
  onWorkChanged,
  reload,
  emailRequest = 0,
  onEmailed,
}: LeadWorkAreaProps) {
  const { user } = useAuth();
  const owner = `${lead.name}'s ${LEAD_VIEWS[lead.view].noun}`;
  const panels: ReactNode[] = [
    // One line per panel, e.g. <NotesPanel key="notes" lead={lead} />
    <WorkPanel
      key="work"
      kind={lead.view}
      lead={{ _id: lead.id, ...work }}
      owner={owner}
      onChanged={onWorkChanged}
    />,
    // Issue a policy from the lead (issue 28 §1): it is marked Won; not offered once lost.
    lead.status !== "lost" && can(user, "leads.work") ? (
      <IssuePolicyPanel
        key="policy"
        lead={{ kind: POLICY_KIND[lead.view], id: lead.id }}
        owner={owner}
        onIssued={reload}
      />
    ) : null,
    // A lost lead's current carrier and X-date (issue 28 §2): a task brings it back.
    lead.status === "lost" ? (
      <XDatePanel
        key="x-date"
        lead={{ kind: POLICY_KIND[lead.view], id: lead.id }}
        owner={owner}
        canEdit={can(user, "leads.work")}
      />
    ) : null,
    <EmailPanel
      key="email"
      view={lead.view}
      id={lead.id}
      email={lead.email}
      opening={lead.emailOpening}
      owner={owner}
      openRequest={emailRequest}
      {...(onEmailed ? { onEmailsChanged: onEmailed } : {})}
    />,
  ];
  if (panels.length === 0) return null;
  return <div className="space-y-4">{panels}</div>;
}
