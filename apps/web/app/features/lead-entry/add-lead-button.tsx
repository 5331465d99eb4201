import { can } from "@agency/domain";
import { lazy, Suspense, useState } from "react";
import { useNavigate } from "react-router";
import { primaryButtonClass } from "../../components/control-classes";
import { PlusIcon } from "../../components/icons/index";
import { useAuth } from "../../lib/auth";
import { cn } from "../../lib/cn";
import { useDashboard } from "../../lib/dashboard-context";
import { leadPath, viewPath } from "../../lib/dashboard-views";
import { LEAD_KINDS } from "./lead-fields";
import type { SavedLead } from "./use-lead-entry";

// The form (and the quote's and booking's rules) loads on the first click.
const AddLeadDialog = lazy(() => import("./add-lead-dialog"));

/** The dashboard's "Add lead" action: opens the entry dialog, then the new lead's page. */
export function AddLeadButton({ className }: { className?: string }) {
  const { user } = useAuth();
  const { showToast } = useDashboard();
  const navigate = useNavigate();
  const [hasOpened, setHasOpened] = useState(false);
  const [isOpen, setIsOpen] = useState(false);

  const onSaved = (lead: SavedLead) => {
    setIsOpen(false);
    const kind = LEAD_KINDS.find((entry) => entry.id === lead.kind);
    // Straight to the new lead's page, where the call can be noted and the lead worked.
    if (kind) void navigate(lead.id ? leadPath(kind.view, lead.id) : viewPath(kind.view));
    const who = lead.name ? ` for ${lead.name}` : "";
    showToast(
      `${kind?.label ?? "Lead"}${who} saved. ${
        lead.isCustomerNotified
          ? "The customer will get the confirmation email."
          : "No email was sent."
      }`,
    );
  };

  // The server refuses the entry to anyone without leads.work; the action is not offered.
  if (!can(user, "leads.work")) return null;
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => {
          setHasOpened(true);
          setIsOpen(true);
        }}
        className={cn(primaryButtonClass, className)}
      >
        <PlusIcon className="size-4" />
        Add lead
      </button>
      {hasOpened ? (
        <Suspense fallback={null}>
          <AddLeadDialog isOpen={isOpen} onClose={() => setIsOpen(false)} onSaved={onSaved} />
        </Suspense>
      ) : null}
    </>
  );
}
