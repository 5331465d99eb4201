/**
 * The spec's mobile breakpoint for the navigation bar: hover dropdowns at 992 px and
 * wider, a collapsed menu below. Keep in step with `--breakpoint-nav` in app.css.
 */
export const desktopNavigationQuery = "(min-width: 992px)";

/** The navigation bar switches to its scrolled style after this many pixels. */
export const scrolledHeaderOffset = 50;
