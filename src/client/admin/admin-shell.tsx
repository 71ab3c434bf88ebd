import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { useAppSelector } from '@/client/app/hooks';
import { paths } from '@/client/app/paths';
import { selectUser } from '@/client/session/session-slice';
import { Loading } from './kit/load-states';
import { usePageArrival } from './kit/page-arrival';
import { useAccount } from './kit/permissions';
import { SignOutButton } from './sign-out-button';
import './admin.css';

const navItems = [
  { to: paths.admin.sections.getHref(), label: 'Secciones' },
  { to: paths.admin.publications.getHref(), label: 'Publicaciones' },
  { to: paths.admin.biographies.getHref(), label: 'Biografías' },
  { to: paths.admin.media.getHref(), label: 'Medios' },
  { to: paths.admin.activity.getHref(), label: 'Actividad' },
  { to: paths.admin.trash.getHref(), label: 'Papelera' },
];
/** Only an Administrador manages the colleagues' accounts and the site's settings. */
const adminNavItems = [
  { to: paths.admin.users.getHref(), label: 'Usuarios' },
  { to: paths.admin.settings.getHref(), label: 'Ajustes del sitio' },
];

/**
 * The frame of every signed-in admin page (requirements §1, §2): header 'Panel de
 * Control' with the username and 'Cerrar sesión', the side navigation (a menu
 * below 1024 px), and the page itself in <main>.
 */
export function AdminShell() {
  const user = useAppSelector(selectUser);
  // The role decides what every page offers: no page shows before it is known,
  // so that nobody sees a button appear and go. An account that cannot be read
  // leaves the pages as they are (the server refuses what the role may not do).
  const account = useAccount();
  const items = account.data?.role === 'admin' ? [...navItems, ...adminNavItems] : navItems;
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const sidebar = useRef<HTMLElement>(null);
  const sidebarId = useId();
  usePageArrival();

  // While the menu is open on a small screen, Escape or a tap outside closes it.
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target instanceof Node ? event.target : null;
      if (!sidebar.current?.contains(target) && !menuButton.current?.contains(target)) setMenuOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [menuOpen]);

  return (
    <div className="admin">
      <a className="admin-skip-link" href="#admin-main">
        Saltar al contenido principal
      </a>
      <header className="admin-header">
        <button
          ref={menuButton}
          type="button"
          className="admin-menu-button"
          aria-expanded={menuOpen}
          aria-controls={sidebarId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="admin-menu-icon" aria-hidden="true" />
          <span className="admin-menu-label">Menú</span>
        </button>
        <Link className="admin-brand" to={paths.admin.root.getHref()}>
          Panel de Control
        </Link>
        <div className="admin-account">
          <Link className="admin-username" to={paths.admin.account.getHref()}>
            <span className="visually-hidden">Mi cuenta: sesión iniciada como </span>
            {user?.username}
          </Link>
          <SignOutButton />
        </div>
      </header>
      <div className="admin-body">
        <nav ref={sidebar} id={sidebarId} className="admin-sidebar" data-open={menuOpen} aria-label="Contenido del sitio">
          <ul>
            {items.map(({ to, label }) => (
              <li key={to}>
                <NavLink to={to} className="admin-nav-link" onClick={() => setMenuOpen(false)}>
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
          <a className="admin-site-link" href={paths.home.getHref()}>
            Ver el sitio público
          </a>
        </nav>
        <main id="admin-main" className="admin-main" tabIndex={-1}>
          {account.isLoading ? <Loading /> : <Outlet />}
        </main>
      </div>
    </div>
  );
}
