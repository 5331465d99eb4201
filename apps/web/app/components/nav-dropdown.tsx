import {
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  useEffect,
  useRef,
  useState,
} from "react";
import { Link, NavLink, useLocation } from "react-router";
import { cn } from "../lib/cn";
import type { SiteLink, SiteMenu } from "../lib/site-links";
import { ChevronDownIcon } from "./icons/chevron-down";

interface NavDropdownProps {
  menu: SiteMenu;
  /** At 992 px and wider the menu also opens while hovered, like a classic navbar. */
  isDesktop: boolean;
  /** Called after one of the menu's links is followed (closes the mobile menu). */
  onNavigate: () => void;
}

type FocusRequest = "first" | "last" | null;

const topLevelItemClass =
  "flex items-center gap-1 rounded-md py-2 text-base font-medium whitespace-nowrap text-navy-900 hover:bg-brand-50 hover:text-brand-700 nav:text-[0.95rem]";
const topLevelPadding = "px-3 nav:px-2 xl:px-2.5";
// An entry that is a link with its menu button beside it: together they are padded as one
// entry, the chevron as far from the word as in the others (the link's pr-1 is their gap-1).
const linkPadding = "px-3 nav:pr-1 nav:pl-2 xl:pl-2.5";
const chevronPadding = "ml-auto px-3 nav:ml-0 nav:pr-2 nav:pl-0 xl:pr-2.5";

function pathOf(to: string): string {
  return to.split("#")[0] ?? to;
}

function flattenLinks(items: SiteLink[]): SiteLink[] {
  return items.flatMap((item) => [item, ...flattenLinks(item.children ?? [])]);
}

/**
 * A navigation entry with a disclosure menu of links (the WAI "disclosure navigation"
 * pattern rather than an ARIA menu, so links stay links for assistive technology).
 *
 * Keyboard: Enter, Space or ArrowDown on the trigger opens the menu and focuses its first
 * link (ArrowUp: the last); ArrowUp/ArrowDown/Home/End move within it; Escape closes it
 * and returns focus to the trigger; tabbing out closes it. On desktop widths the menu also
 * opens while hovered, but never because focus arrived (issue 26 §4): Tab moves through the
 * top-level entries only, and opening is a choice made with a key (decision 0056).
 */
export function NavDropdown({ menu, isDesktop, onNavigate }: NavDropdownProps) {
  const [isOpen, setIsOpen] = useState(false);
  const [focusRequest, setFocusRequest] = useState<FocusRequest>(null);
  const rootRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();

  const menuId = `nav-menu-${menu.id}`;
  const links = flattenLinks(menu.items);
  const isCurrentSection =
    (menu.to !== undefined && pathname === menu.to) ||
    links.some((link) => pathOf(link.to) === pathname);

  useEffect(() => {
    if (!isOpen || focusRequest === null) return;
    const anchors = panelRef.current?.querySelectorAll<HTMLAnchorElement>("a[href]");
    const target = focusRequest === "first" ? anchors?.[0] : anchors?.[anchors.length - 1];
    target?.focus();
    setFocusRequest(null);
  }, [isOpen, focusRequest]);

  // Leaving desktop width while open (e.g. a rotated tablet) starts the mobile menu closed.
  useEffect(() => {
    if (!isDesktop) setIsOpen(false);
  }, [isDesktop]);

  function openAndFocus(request: Exclude<FocusRequest, null>) {
    setIsOpen(true);
    setFocusRequest(request);
  }

  function closeAndReturnFocus() {
    setIsOpen(false);
    buttonRef.current?.focus();
  }

  function handleTriggerKeyDown(event: KeyboardEvent<HTMLElement>) {
    const isButton = event.currentTarget === buttonRef.current;
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        openAndFocus("first");
        break;
      case "ArrowUp":
        event.preventDefault();
        openAndFocus("last");
        break;
      case "Enter":
      case " ":
        // On the Our Products link, Enter keeps its native meaning (follow the link).
        if (!isButton) return;
        event.preventDefault();
        if (isOpen) setIsOpen(false);
        else openAndFocus("first");
        break;
      case "Escape":
        if (isOpen) {
          event.preventDefault();
          setIsOpen(false);
        }
        break;
    }
  }

  function handleButtonClick(event: MouseEvent<HTMLButtonElement>) {
    // Keyboard activation is handled in handleTriggerKeyDown.
    if (event.detail === 0) return;
    // On desktop hovering has already opened the menu; a click must not close it again.
    setIsOpen((open) => (isDesktop ? true : !open));
  }

  function handlePanelKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const anchors = Array.from(
      panelRef.current?.querySelectorAll<HTMLAnchorElement>("a[href]") ?? [],
    );
    const index = anchors.indexOf(document.activeElement as HTMLAnchorElement);
    let next: HTMLAnchorElement | undefined;
    switch (event.key) {
      case "Escape":
        event.preventDefault();
        closeAndReturnFocus();
        return;
      case "ArrowDown":
        next = anchors[(index + 1) % anchors.length];
        break;
      case "ArrowUp":
        next = anchors[(index - 1 + anchors.length) % anchors.length];
        break;
      case "Home":
        next = anchors[0];
        break;
      case "End":
        next = anchors[anchors.length - 1];
        break;
      default:
        return;
    }
    event.preventDefault();
    next?.focus();
  }

  function handleBlur(event: FocusEvent<HTMLLIElement>) {
    const next = event.relatedTarget;
    if (next instanceof Node && rootRef.current?.contains(next)) return;
    if (isDesktop) setIsOpen(false);
  }

  function handleLinkClick() {
    setIsOpen(false);
    onNavigate();
  }

  return (
    <li
      ref={rootRef}
      className="nav:relative"
      onMouseEnter={isDesktop ? () => setIsOpen(true) : undefined}
      onMouseLeave={isDesktop ? () => setIsOpen(false) : undefined}
      onBlur={handleBlur}
    >
      <div className="flex items-center">
        {menu.to ? (
          <NavLink
            to={menu.to}
            end
            className={cn(topLevelItemClass, linkPadding, "aria-[current=page]:text-brand-700")}
            onKeyDown={handleTriggerKeyDown}
            onClick={handleLinkClick}
          >
            {menu.label}
          </NavLink>
        ) : null}
        <button
          ref={buttonRef}
          type="button"
          aria-expanded={isOpen}
          aria-controls={menuId}
          // With a separate link beside it, the button needs a name of its own.
          aria-label={menu.to ? `${menu.label} menu` : undefined}
          className={cn(
            topLevelItemClass,
            "cursor-pointer",
            menu.to ? chevronPadding : topLevelPadding,
            isCurrentSection && !menu.to && "text-brand-700",
          )}
          onKeyDown={handleTriggerKeyDown}
          onClick={handleButtonClick}
        >
          {menu.to ? null : menu.label}
          <ChevronDownIcon
            className={cn(
              "size-4 transition-transform motion-reduce:transition-none",
              isOpen && "rotate-180",
            )}
          />
        </button>
      </div>
      <div
        ref={panelRef}
        id={menuId}
        className={cn(
          isOpen ? "block" : "hidden",
          "pb-2 pl-4 nav:absolute nav:top-full nav:left-0 nav:z-50 nav:min-w-64 nav:pt-2 nav:pb-0 nav:pl-0",
        )}
      >
        <ul
          onKeyDown={handlePanelKeyDown}
          className="border-l-2 border-brand-100 nav:rounded-lg nav:border-l-0 nav:bg-white nav:py-2 nav:shadow-xl nav:ring-1 nav:ring-slate-200"
        >
          {menu.items.map((item) => (
            <DropdownItem key={item.to} item={item} onClick={handleLinkClick} />
          ))}
        </ul>
      </div>
    </li>
  );
}

function DropdownItem({ item, onClick }: { item: SiteLink; onClick: () => void }) {
  return (
    <li>
      <Link
        to={item.to}
        className="block px-4 py-2 text-[0.95rem] text-slate-800 hover:bg-brand-50 hover:text-brand-700 focus-visible:-outline-offset-3"
        onClick={onClick}
      >
        {item.label}
      </Link>
      {item.children ? (
        <ul
          aria-label={`${item.label} submenu`}
          className="ml-4 border-l-2 border-brand-100 nav:ml-6"
        >
          {item.children.map((child) => (
            <li key={child.to}>
              <Link
                to={child.to}
                className="block px-4 py-1.5 text-sm text-slate-700 hover:bg-brand-50 hover:text-brand-700 focus-visible:-outline-offset-3"
                onClick={onClick}
              >
                {child.label}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
