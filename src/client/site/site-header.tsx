import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { mainNavigationWith } from '@/domain/catalogue';
import { paths } from '@/client/app/paths';
import { fromBreakpoint } from '@/client/ui/breakpoints';
import { useAddedSectionLinks, useSiteSettings } from './site-settings';
import { useScrollLock } from './use-scroll-lock';
import { BrandMark } from './brand-mark';
import { SiteSearchForm } from './site-search-form';
import { searchTexts } from '@/domain/site-search';
import { useHydrated } from './use-hydrated';
import './site-header.css';

const NAV_ID = 'navegacion-principal';
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled])';

const SEARCH_PANEL_ID = 'buscar-cabecera';
// The state of 'Menú' and 'Buscar' before the app runs (see SiteHeader): an empty popover each.
const MENU_SWITCH_ID = 'menu-abierto';
const SEARCH_SWITCH_ID = 'buscar-abierto';

/**
 * A ref for the empty popover that holds a toggle's state before the app runs:
 * when the visitor opened it meanwhile, the app's state starts open and the
 * popover closes (from here on the state is the app's), so nothing folds under
 * their finger as the page is taken over.
 */
const useKeptOpen = (setOpen: (open: boolean) => void) =>
  useCallback(
    (popover: HTMLElement | null) => {
      if (!popover?.matches(':popover-open')) return;
      popover.hidePopover();
      setOpen(true);
    },
    [setOpen],
  );

/**
 * 'Buscar' beside the navigation (desktop): opens the search field below the
 * header with focus in it; Escape closes it and gives focus back to the button.
 * Before the app runs (without scripts, or while they load) the button toggles
 * an empty popover next to it, whose state shows the panel (site-header.css);
 * see SiteHeader.
 */
function HeaderSearch() {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const keptOpen = useKeptOpen(setOpen);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const { pathname, search } = useLocation();
  const [lastAddress, setLastAddress] = useState(pathname + search);
  if (pathname + search !== lastAddress) {
    setLastAddress(pathname + search);
    setOpen(false);
  }
  useEffect(() => {
    if (!open) return;
    inputRef.current?.focus();
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);
  return (
    <div className="header-search">
      <button
        ref={buttonRef}
        type="button"
        className="header-search__toggle"
        popoverTarget={hydrated ? undefined : SEARCH_SWITCH_ID}
        // Named by its label, which desktops short of room leave out (the icon alone shows there).
        aria-label={searchTexts.open}
        aria-expanded={hydrated ? open : undefined}
        aria-controls={SEARCH_PANEL_ID}
        onClick={(event) => {
          // The app's state, not the popover (see SiteHeader's button).
          event.preventDefault();
          setOpen((was) => !was);
        }}
      >
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2">
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" strokeLinecap="round" />
        </svg>
        <span className="header-search__label">{searchTexts.open}</span>
      </button>
      <div id={SEARCH_SWITCH_ID} className="header-search__switch" popover="manual" ref={keptOpen} />
      <div id={SEARCH_PANEL_ID} className="header-search__panel" hidden={!open}>
        <SiteSearchForm id="buscar-escritorio" inputRef={inputRef} onSearch={() => setOpen(false)} />
      </div>
    </div>
  );
}

/**
 * The site's header: the programme's name and the main navigation. Below
 * 1024 px the navigation folds into a 'Menú' button; while it is open the
 * page does not scroll, Tab stays inside the menu, and Escape or choosing a
 * link closes it (focus goes back to the button).
 *
 * Before the app runs (without scripts, or while they load: the server's HTML
 * and the browser's first render are this) 'Menú' and 'Buscar' toggle an
 * empty popover placed right after them (`popovertarget`, which the browser
 * runs, and through which it tells screen readers whether they are expanded);
 * CSS shows the menu or the search panel, locks the page and picks the label
 * by that popover's state (site-header.css). From the render after hydration
 * (`useHydrated`) the app's state runs them: the buttons drop `popovertarget`
 * and carry `aria-expanded`, and their click is the app's. The same elements
 * throughout: the app takes the page over without adding or removing any.
 * docs/decisions/186-public-site-without-scripts.md.
 */
export function SiteHeader() {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const keptOpen = useKeptOpen(setOpen);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const headerRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const added = useAddedSectionLinks();
  const { researchGroup } = useSiteSettings();
  useScrollLock(open);

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) toggleRef.current?.focus();
  }, []);

  // A link choice closes the menu (the route changes).
  const [lastPath, setLastPath] = useState(pathname);
  if (pathname !== lastPath) {
    setLastPath(pathname);
    setOpen(false);
  }

  // Growing past the breakpoint shows the full navigation: the menu closes.
  useEffect(() => {
    if (!open || typeof window.matchMedia !== 'function') return;
    const wide = window.matchMedia(fromBreakpoint('desktop'));
    const onChange = () => wide.matches && setOpen(false);
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, [open]);

  // Opening places the menu right below the header and moves focus to its first link.
  useEffect(() => {
    const panel = panelRef.current;
    if (!open || !panel) return;
    const headerBottom = headerRef.current?.getBoundingClientRect().bottom ?? 0;
    panel.style.top = `${Math.max(0, Math.round(headerBottom))}px`;
    panel.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    return () => {
      panel.style.top = '';
    };
  }, [open]);

  // While open: Escape closes (focus back on the button); Tab cycles between the button and the links.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close(true);
        return;
      }
      if (event.key !== 'Tab') return;
      const focusable = [toggleRef.current, ...Array.from(panelRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])].filter(
        (el): el is HTMLElement => el !== null,
      );
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      const active = document.activeElement;
      const inside = active instanceof HTMLElement && focusable.includes(active);
      if (!inside) {
        event.preventDefault();
        first.focus();
      } else if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, close]);

  return (
    <header ref={headerRef} className="site-header" data-menu-open={open || undefined}>
      <div className="site-header__inner">
        <Link className="site-brand" to={paths.home.getHref()}>
          <BrandMark />
          <span className="site-brand__text">
            <span className="site-brand__kicker">Máster en</span>{' '}
            <span className="site-brand__name">Educación Emocional y Convivencia Escolar</span>
          </span>
        </Link>
        <button
          ref={toggleRef}
          type="button"
          className="site-nav-toggle"
          popoverTarget={hydrated ? undefined : MENU_SWITCH_ID}
          aria-expanded={hydrated ? open : undefined}
          aria-controls={NAV_ID}
          onClick={(event) => {
            // The app's state, not the popover (between hydration and the render that drops popovertarget, both would act).
            event.preventDefault();
            if (open) close(false);
            else setOpen(true);
          }}
        >
          <span className="site-nav-toggle__bars" aria-hidden="true">
            <span />
            <span />
            <span />
          </span>
          {/* Both labels are always there: before the app runs CSS shows one by the popover's state, then `hidden` by the app's. */}
          <span className="site-nav-toggle__label site-nav-toggle__label--closed" hidden={hydrated && open}>
            Menú
          </span>
          <span className="site-nav-toggle__label site-nav-toggle__label--open" hidden={hydrated && !open}>
            Cerrar
          </span>
        </button>
        <div id={MENU_SWITCH_ID} className="site-menu-switch" popover="manual" ref={keptOpen} />
        <div className="site-nav-panel" ref={panelRef} data-open={open || undefined}>
          <nav id={NAV_ID} className="site-nav" aria-label="Principal">
            <ul>
              {mainNavigationWith(added, researchGroup).map((item) => (
                <li key={`${item.label} ${item.href}`}>
                  {/^https?:\/\//.test(item.href) ? (
                    // The research group's own site ('Ajustes del sitio'): another origin, left by a plain link.
                    <a href={item.href} className="site-nav__link" onClick={() => setOpen(false)}>
                      {item.label}
                    </a>
                  ) : (
                    <NavLink
                      to={item.href}
                      end={item.href === paths.home.getHref()}
                      // A publication (/presentacion-del-magister/1) highlights its section's entry too.
                      className={({ isActive }) =>
                        !isActive && item.sectionSlug && pathname.startsWith(`/${item.sectionSlug}/`)
                          ? 'site-nav__link site-nav__link--section'
                          : 'site-nav__link'
                      }
                      onClick={() => setOpen(false)}
                    >
                      {item.label}
                    </NavLink>
                  )}
                </li>
              ))}
            </ul>
          </nav>
          {/* In the phone menu the field is there at once. */}
          <SiteSearchForm id="buscar-menu" className="site-search--menu" onSearch={() => setOpen(false)} />
        </div>
        <HeaderSearch />
      </div>
    </header>
  );
}
