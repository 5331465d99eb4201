import type { HomeProduct } from "@agency/domain";
import {
  HomeBuildingIcon,
  HomeCarIcon,
  HomeHouseIcon,
  HomeMotorcycleIcon,
  type IconComponent,
  RvIcon,
} from "../../components/icons/index";

/** The domain names each catalogue icon; the web app draws it. */
export const PRODUCT_ICONS: Record<HomeProduct["icon"], IconComponent> = {
  car: HomeCarIcon,
  home: HomeHouseIcon,
  motorcycle: HomeMotorcycleIcon,
  rv: RvIcon,
  building: HomeBuildingIcon,
};

/**
 * The domain's gradients as Tailwind classes: the CSP forbids `style` attributes, so the
 * CSS value in HOME_PRODUCTS cannot be applied directly. Same hues as the domain's stops
 * (auto #2563eb → #1e3a8a is blue-600 → blue-900); the green and orange start one shade
 * darker so white text keeps at least 4.5:1 on every stop.
 */
export const PRODUCT_GRADIENTS: Record<HomeProduct["id"], string> = {
  auto: "from-blue-600 to-blue-900",
  home: "from-emerald-700 to-emerald-900",
  motorcycle: "from-orange-700 to-orange-900",
  rv: "from-violet-600 to-violet-900",
  commercial: "from-teal-700 to-teal-900",
};
