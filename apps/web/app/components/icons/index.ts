/**
 * The site's one icon set. Each icon is one element: a <span> whose shape is a CSS mask
 * painted in the text colour (icon.tsx); the drawings live in shapes.ts and reach the page
 * only as CSS, written into its <head> with the site's stylesheet (icon-stylesheet.ts), so
 * they cost neither JavaScript nor DOM elements (an inline SVG cost 2–6 elements, and the
 * home page drew 164 of them). Decorative by default (`aria-hidden`): the link, button or
 * text beside an icon carries the name. Names with a page prefix (HomeCarIcon,
 * DashboardCarIcon) are different drawings of one subject, kept so no page changes look.
 */

export { AboutBriefcaseIcon } from "./about-briefcase";
export { AboutCompassIcon } from "./about-compass";
export { AboutLayersIcon } from "./about-layers";
export { AboutRefreshIcon } from "./about-refresh";
export { ActivityIcon } from "./activity";
export { ArchiveIcon } from "./archive";
export { ArrowLeftIcon } from "./arrow-left";
export { ArrowRightIcon } from "./arrow-right";
export { ArrowUpIcon } from "./arrow-up";
export { AuthCheckCircleIcon } from "./auth-check-circle";
export { AuthEyeIcon } from "./auth-eye";
export { BadgeIcon } from "./badge";
export { BadgeCheckIcon } from "./badge-check";
export { BellIcon } from "./bell";
export { BoltIcon } from "./bolt";
export { CalendarIcon } from "./calendar";
export { CardsIcon } from "./cards";
export { ChatIcon } from "./chat";
export { CheckIcon } from "./check";
export { ChevronDownIcon } from "./chevron-down";
export { ChevronRightIcon } from "./chevron-right";
export { ClipboardIcon } from "./clipboard";
export { ClockIcon } from "./clock";
export { CloseIcon } from "./close";
export { ContactTagIcon } from "./contact-tag";
export { DashboardBriefcaseIcon } from "./dashboard-briefcase";
export { DashboardCarIcon } from "./dashboard-car";
export { DashboardEyeIcon } from "./dashboard-eye";
export { DashboardHouseIcon } from "./dashboard-house";
export { DashboardKeyIcon } from "./dashboard-key";
export { DashboardRefreshIcon } from "./dashboard-refresh";
export { DashboardSearchIcon } from "./dashboard-search";
export { DashboardShieldIcon } from "./dashboard-shield";
export { DashboardUsersIcon } from "./dashboard-users";
export { DocumentIcon } from "./document";
export { DollarIcon } from "./dollar";
export { DownloadIcon } from "./download";
export { ExternalIcon } from "./external";
export { EyeOffIcon } from "./eye-off";
export { FacebookIcon } from "./facebook";
export { GearIcon } from "./gear";
export { GridIcon } from "./grid";
export { HardHatIcon } from "./hard-hat";
export { HeadsetIcon } from "./headset";
export { HeartIcon } from "./heart";
export { HomeAwardIcon } from "./home-award";
export { HomeBuildingIcon } from "./home-building";
export { HomeCarIcon } from "./home-car";
export { HomeCheckIcon } from "./home-check";
export { HomeCheckCircleIcon } from "./home-check-circle";
export { HomeCompassIcon } from "./home-compass";
export { HomeHeartIcon } from "./home-heart";
export { HomeHouseIcon } from "./home-house";
export { HomeLayersIcon } from "./home-layers";
export { HomeLockIcon } from "./home-lock";
export { HomeMotorcycleIcon } from "./home-motorcycle";
export { HomeTagIcon } from "./home-tag";
export { HomeUsersIcon } from "./home-users";
export { type IconComponent, type IconProps, iconBefore } from "./icon";
export { InboxIcon } from "./inbox";
export { InfoIcon } from "./info";
export { InstagramIcon } from "./instagram";
export { LifebuoyIcon } from "./lifebuoy";
export { LinkedInIcon } from "./linked-in";
export { LogoutIcon } from "./logout";
export { MailIcon } from "./mail";
export { MapIcon } from "./map";
export { MapPinIcon } from "./map-pin";
export { MenuIcon } from "./menu";
export { MessageIcon } from "./message";
export { PhoneIcon } from "./phone";
export { PlusIcon } from "./plus";
export { PrinterIcon } from "./printer";
export { ProductAwardIcon } from "./product-award";
export { ProductBuildingIcon } from "./product-building";
export { ProductCarIcon } from "./product-car";
export { ProductHouseIcon } from "./product-house";
export { ProductKeyIcon } from "./product-key";
export { ProductLockIcon } from "./product-lock";
export { ProductMotorcycleIcon } from "./product-motorcycle";
export { ProductShieldIcon } from "./product-shield";
export { ProductUsersIcon } from "./product-users";
export { QuestionIcon } from "./question";
export { ReplyIcon } from "./reply";
export { RvIcon } from "./rv";
export { ScaleIcon } from "./scale";
export type { IconName } from "./shapes";
export { ShieldCheckIcon } from "./shield-check";
export { SortIcon } from "./sort";
export { StarIcon } from "./star";
export { TableIcon } from "./table";
export { TrashIcon } from "./trash";
export { TruckIcon } from "./truck";
export { UmbrellaIcon } from "./umbrella";
export { UserIcon } from "./user";
export { UserPlusIcon } from "./user-plus";
export { UsersSearchIcon } from "./users-search";
export { ZapIcon } from "./zap";
