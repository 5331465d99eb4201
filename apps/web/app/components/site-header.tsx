import { AGENCY } from "@agency/domain";
import { type FocusEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { Link, NavLink } from "react-router";
import { useAuth } from "../lib/auth";
import { desktopNavigationQuery, scrolledHeaderOffset } from "../lib/breakpoints";
import { cn } from "../lib/cn";
import { loginPath, primaryNavigation } from "../lib/site-links";
import { LogoutErrorToast, useLogout } from "../lib/use-logout";
import { useMediaQuery } from "../lib/use-media-query";
import { useScrolledPast } from "../lib/use-scrolled-past";
import { AgencyLogo } from "./agency-logo";
import { CloseIcon } from "./icons/close";
import { MenuIcon } from "./icons/menu";
import { PhoneIcon } from "./icons/phone";
import { NavDropdown } from "./nav-dropdown";

const menuId = "site-navigation-menu";

const topLevelLinkClass =
  "block rounded-md px-3 py-2 text-base font-medium whitespace-nowrap text-navy-900 hover:bg-brand-50 hover:text-brand-700 aria-[current=page]:text-brand-700 nav:px-2 nav:text-[0.95rem] xl:px-2.5";

export function SiteHeader() {
  const isDesktop = useMediaQuery(desktopNavigationQuery);
  const isScrolled = useScrolledPast(scrolledHeaderOffset);
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (isDesktop) setIsMenuOpen(false);
  }, [isDesktop]);

  // The menu sits before its toggle in the page, so the next Tab would leave the header:
  // opening it moves focus to its first link instead.
  useEffect(() => {
    if (isMenuOpen && !isDesktop) menuRef.current?.querySelector<HTMLElement>("a, button")?.focus();
  }, [isMenuOpen, isDesktop]);

  const closeMenu = () => setIsMenuOpen(false);

  function handleToggleKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== "Escape" || !isMenuOpen) return;
    event.preventDefault();
    setIsMenuOpen(false);
  }

  // Tabbing past the last item (or before the first) of the open mobile menu closes it:
  // focus went on to the page, and a menu left open would cover it (decision 0056). A
  // click on the menu's own blank space moves focus nowhere and keeps it open.
  function handleMenuBlur(event: FocusEvent<HTMLUListElement>) {
    if (isDesktop || !isMenuOpen) return;
    const next = event.relatedTarget;
    if (!(next instanceof Node) || next === toggleRef.current) return;
    if (!menuRef.current?.contains(next)) setIsMenuOpen(false);
  }

  function handleMenuKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    // An open dropdown handles Escape itself; this closes the whole mobile menu.
    if (event.key !== "Escape" || isDesktop || event.defaultPrevented) return;
    setIsMenuOpen(false);
    toggleRef.current?.focus();
  }

  return (
    <header
      data-scrolled={isScrolled}
      className={cn(
        "sticky top-0 z-40 border-b bg-white transition-shadow motion-reduce:transition-none",
        isScrolled ? "border-slate-200 shadow-md" : "border-transparent",
      )}
    >
      {/* A constant height: a header that shrank on scroll would shift the page under it
          (and make the browser's scroll anchoring knock anchor scrolls 16 px off). */}
      <div className="relative mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6 nav:h-20 lg:px-8">
        <Link
          to="/"
          className="flex min-w-0 items-center gap-2.5 rounded-md py-1 text-navy-900"
          onClick={closeMenu}
        >
          <AgencyLogo className="h-9 sm:h-10" eager />
          {/* From the desktop bar's first width to 1100 px the bar's items leave the name
              too little room (it was cut to "Nor L…"): the logo alone shows, and the name
              stays the link's name for assistive technology (decision 0076). */}
          <span className="line-clamp-2 text-base leading-tight font-bold text-balance sm:text-lg nav:max-[1100px]:sr-only">
            {AGENCY.shortName}
          </span>
        </Link>

        <nav aria-label="Main" className="ml-auto flex items-center">
          <ul
            ref={menuRef}
            id={menuId}
            className={cn(
              isMenuOpen ? "block" : "hidden",
              "absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-slate-200 bg-white px-4 py-3 shadow-lg sm:px-6",
              "nav:static nav:flex nav:max-h-none nav:items-center nav:gap-0.5 nav:overflow-visible nav:border-0 nav:p-0 nav:shadow-none",
            )}
            onKeyDown={handleMenuKeyDown}
            onBlur={handleMenuBlur}
          >
            {primaryNavigation.map((entry) =>
              entry.kind === "menu" ? (
                <NavDropdown
                  key={entry.id}
                  menu={entry}
                  isDesktop={isDesktop}
                  onNavigate={closeMenu}
                />
              ) : (
                <li key={entry.to}>
                  <NavLink to={entry.to} end className={topLevelLinkClass} onClick={closeMenu}>
                    {entry.label}
                  </NavLink>
                </li>
              ),
            )}
            <li className="mt-2 border-t border-slate-200 pt-2 nav:mt-0 nav:ml-2 nav:border-0 nav:pt-0">
              <AccountItem onNavigate={closeMenu} />
            </li>
          </ul>
        </nav>

        {/* The number is shown where there is room for it, an icon button elsewhere. */}
        <a
          href={AGENCY.phoneHref}
          className="hidden items-center gap-2 rounded-md bg-brand-700 px-3 py-2 text-sm font-semibold whitespace-nowrap text-white hover:bg-brand-800 sm:flex nav:hidden xl:ml-2 xl:flex"
        >
          <PhoneIcon className="size-4" />
          <span className="sr-only">Call us at </span>
          {AGENCY.phone}
        </a>
        <a
          href={AGENCY.phoneHref}
          className="flex size-11 shrink-0 items-center justify-center rounded-md text-navy-900 hover:bg-brand-50 sm:hidden nav:flex xl:hidden"
        >
          <PhoneIcon />
          <span className="sr-only">Call us at {AGENCY.phone}</span>
        </a>

        <button
          ref={toggleRef}
          type="button"
          aria-expanded={isMenuOpen}
          aria-controls={menuId}
          className="flex size-11 cursor-pointer items-center justify-center rounded-md text-navy-900 hover:bg-brand-50 nav:hidden"
          onClick={() => setIsMenuOpen((open) => !open)}
          onKeyDown={handleToggleKeyDown}
        >
          {isMenuOpen ? <CloseIcon className="size-6" /> : <MenuIcon className="size-6" />}
          <span className="sr-only">Menu</span>
        </button>
      </div>
    </header>
  );
}

/**
 * Login when signed out (and while a stored session is still being restored, so anonymous
 * visitors never see Logout flash); Logout when signed in: it ends the session on the
 * server, then goes to the login page, or stays signed in with a toast when that failed.
 */
function AccountItem({ onNavigate }: { onNavigate: () => void }) {
  const { isAuthenticated } = useAuth();
  const { signOut, isSigningOut, error, clearError } = useLogout();
  const itemClass =
    "block w-full cursor-pointer rounded-md px-3 py-2 text-left text-base font-semibold text-brand-700 ring-brand-700 hover:bg-brand-50 disabled:cursor-wait nav:px-4 nav:text-[0.95rem] nav:ring-1 nav:ring-inset";

  if (!isAuthenticated) {
    return (
      <NavLink to={loginPath} className={itemClass} onClick={onNavigate}>
        Login
      </NavLink>
    );
  }

  async function handleLogout() {
    if (await signOut()) onNavigate();
  }

  return (
    <>
      <button
        type="button"
        className={itemClass}
        disabled={isSigningOut}
        onClick={() => void handleLogout()}
      >
        Logout
      </button>
      <LogoutErrorToast error={error} onClose={clearError} />
    </>
  );
}
