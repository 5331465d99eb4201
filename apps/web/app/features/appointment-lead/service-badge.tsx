import {
  DashboardBriefcaseIcon,
  DashboardCarIcon,
  DashboardHouseIcon,
  DashboardKeyIcon,
  type IconComponent,
  QuestionIcon,
  TruckIcon,
} from "../../components/icons/index";
import { cn } from "../../lib/cn";

type Look = { Icon: IconComponent; className: string };

/** An icon and a colour per service, as the dashboard lists show them; unknown services look like "Other". */
const LOOKS: Record<string, Look> = {
  "Auto Insurance": { Icon: DashboardCarIcon, className: "bg-brand-100 text-brand-800" },
  "Home Insurance": { Icon: DashboardHouseIcon, className: "bg-emerald-100 text-emerald-900" },
  "Renters Insurance": { Icon: DashboardKeyIcon, className: "bg-violet-100 text-violet-900" },
  "Business Insurance": { Icon: DashboardBriefcaseIcon, className: "bg-amber-100 text-amber-900" },
  "Trucker Insurance": { Icon: TruckIcon, className: "bg-orange-100 text-orange-900" },
  Other: { Icon: QuestionIcon, className: "bg-slate-200 text-slate-800" },
};

export function ServiceBadge({ service }: { service: string }) {
  const { Icon, className } = LOOKS[service] ?? (LOOKS.Other as Look);
  return (
    <span
      data-service={service}
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold whitespace-nowrap",
        className,
      )}
    >
      <Icon className="size-4" />
      {service}
    </span>
  );
}
