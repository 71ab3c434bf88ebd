import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { mainNavigationWith } from '@/domain/catalogue';
import { paths } from '@/client/app/paths';
import { fromBreakpoint } from '@/client/ui/breakpoints';
import { useAddedSectionLinks } from './site-settings';
import { useScrollLock } from './use-scroll-lock';
import { BrandMark } from './brand-mark';
import { SiteSearchForm } from './site-search-form';
import { searchTexts } from '@/domain/site-search';
import './site-header.css';

const NAV_ID = 'navegacion-principal';
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled])';

const SEARCH_PANEL_ID = 'buscar-cabecera';

/**
 * 'Buscar' beside the navigation (desktop): opens the search field below the
 * header with focus in it; Escape closes it and gives focus back to the button.
 */
function HeaderSearch() {
  const [open, setOpen] = useState(false);
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
        // Named by its label, which desktops short of room leave out (the icon alone shows there).
        aria-label={searchTexts.open}
        aria-expanded={open}
        aria-controls={SEARCH_PANEL_ID}
        onClick={() => setOpen((was) => !was)}
      >
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2">
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" strokeLinecap="round" />
        </svg>
        <span className="header-search__label">{searchTexts.open}</span>
      </button>
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
 */
export function SiteHeader() {
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const headerRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const added = useAddedSectionLinks();
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
      const inside = focusable.includes(document.activeElement as HTMLElement);
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
          aria-expanded={open}
          aria-controls={NAV_ID}
          onClick={() => (open ? close(false) : setOpen(true))}
        >
          <span className="site-nav-toggle__bars" aria-hidden="true">
            <span />
            <span />
            <span />
          </span>
          <span>{open ? 'Cerrar' : 'Menú'}</span>
        </button>
        <div className="site-nav-panel" ref={panelRef} data-open={open || undefined}>
          <nav id={NAV_ID} className="site-nav" aria-label="Principal">
            <ul>
              {mainNavigationWith(added).map((item) => (
                <li key={item.href}>
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
