import { Link, useLocation } from "react-router";
import { ArrowRightIcon } from "../../components/icons/index";
import { cn } from "../../lib/cn";
import { leadPath, type WorkView } from "../../lib/dashboard-views";
import { secondaryButtonClass } from "./list-controls";

/** What a lead page gets from the list that opened it: the list's address, for the way back. */
export type LeadPageState = { listSearch?: string };

/**
 * A real link to one lead's page (open in a new tab works); the page's way back returns to
 * the list as it was (search, sort, filter and page).
 */
export function OpenLeadLink({
  view,
  id,
  owner,
  className,
}: {
  view: WorkView;
  id: string;
  /** Whose lead, for screen readers ("Maria Ali's quote"). */
  owner: string;
  className?: string;
}) {
  const { search } = useLocation();
  const state: LeadPageState = { listSearch: search };
  return (
    <Link to={leadPath(view, id)} state={state} className={cn(secondaryButtonClass, className)}>
      Open<span className="sr-only"> {owner}</span>
      <ArrowRightIcon className="size-4" />
    </Link>
  );
}
