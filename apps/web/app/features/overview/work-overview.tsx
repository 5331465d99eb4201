import { userDisplayName, userRoleLabel } from "@agency/domain";
import { Link } from "react-router";
import { GearIcon } from "../../components/icons/index";
import { useAuth } from "../../lib/auth";
import { viewPath } from "../../lib/dashboard-views";
import { MyTasks } from "../task";
import { TodaysSchedule } from "./todays-schedule";
import { OVERVIEW_CARD_CLASS, WaitingToBeWorked } from "./waiting-to-be-worked";

/**
 * The overview of a role without the agency's figures (reports.view, decision 0025): the
 * day's schedule, one's tasks and the leads waiting to be worked.
 */
export function WorkOverview() {
  const { user } = useAuth();
  const cardClass = OVERVIEW_CARD_CLASS;
  return (
    <div className="space-y-6">
      <div>
        <p className="text-lg text-slate-700">
          Welcome back, <span className="font-semibold text-navy-900">{userDisplayName(user)}</span>
        </p>
        <p className="mt-1 text-sm text-slate-700">
          Signed in as {user ? userRoleLabel(user) : "staff"}: you see and work every lead (notes,
          calls, status, tasks). Exports, archiving, reports and staff accounts are for managers and
          administrators.
        </p>
      </div>
      <div className="grid grid-cols-1 items-start gap-6 xl:grid-cols-2">
        <TodaysSchedule />
        <MyTasks />
      </div>
      <WaitingToBeWorked />
      <section aria-labelledby="work-settings-heading">
        <h2 id="work-settings-heading" className="mb-3 font-bold text-navy-900">
          Your account
        </h2>
        <Link to={viewPath("settings")} className={`${cardClass} sm:w-auto`}>
          <span className="rounded-lg bg-brand-50 p-2.5 text-brand-700">
            <GearIcon className="size-5" />
          </span>
          <span className="min-w-0">
            <span className="block font-semibold text-navy-900">Settings</span>
            <span className="block text-sm text-slate-700">
              Your password and two-factor sign-in.
            </span>
          </span>
        </Link>
      </section>
    </div>
  );
}
