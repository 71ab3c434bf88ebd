import { Link } from 'react-router';
import { publicPagesWith, SITE_NAME } from '@/domain/catalogue';
import { CALENDAR_PATH, CALENDAR_TITLE } from '@/domain/events';
import type { SiteContact } from '@/domain/entities';
import { telHref } from '@/domain/site-settings';
import { paths } from '@/client/app/paths';
import { useAddedSectionLinks, usePageYear, useSiteSettings } from './site-settings';
import { SocialIcon } from './social-icon';
import { BrandMark } from './brand-mark';
import './site-footer.css';

const NO_CONTACT: SiteContact = { email: '', phone: '', address: '' };

/** The footer: who we are, the site map, the contact, the research group, the feed and the calendar, and the social networks. */
export function SiteFooter() {
  const { socialLinks, researchGroup, contact = NO_CONTACT } = useSiteSettings();
  const added = useAddedSectionLinks();
  const year = usePageYear();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__about">
          <Link to={paths.home.getHref()} className="site-footer__brand">
            <BrandMark size={36} />
            <span>{SITE_NAME}</span>
          </Link>
          <p>
            Formación de posgrado para docentes, orientadores y profesionales de la educación que quieren cuidar el bienestar emocional y la
            convivencia en los centros educativos.
          </p>
        </div>
        <nav className="site-footer__col" aria-labelledby="footer-map">
          <h2 id="footer-map">El máster</h2>
          <ul>
            {publicPagesWith(added).map((page) => (
              <li key={page.href}>
                <Link to={page.href}>{page.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-footer__col">
          <h2 id="footer-contact">Contacto y comunidad</h2>
          {(contact.email || contact.phone || contact.address) && (
            // The programme's contact ('Ajustes del sitio', docs/decisions/199): only what is given.
            <address className="site-footer__contact">
              <ul>
                {contact.email && (
                  <li>
                    <a href={`mailto:${contact.email}`}>{contact.email}</a>
                  </li>
                )}
                {contact.phone && (
                  <li>
                    <a href={telHref(contact.phone)}>{contact.phone}</a>
                  </li>
                )}
                {contact.address && <li className="site-footer__address">{contact.address}</li>}
              </ul>
            </address>
          )}
          <ul>
            {researchGroup.url && (
              <li>
                <a href={researchGroup.url}>Grupo de investigación {researchGroup.label}</a>
              </li>
            )}
            <li>
              {/* A file for feed readers, not a page of the app: a plain link. */}
              <a href="/feed.xml" type="application/atom+xml">
                Suscribirse a las novedades (Atom)
              </a>
            </li>
            <li>
              {/* The site's events for calendar apps (docs/decisions/197): a file too. */}
              <a href={CALENDAR_PATH} type="text/calendar">
                {CALENDAR_TITLE} (iCal)
              </a>
            </li>
            {socialLinks.map((link) => (
              <li key={link.network + link.url}>
                <a href={link.url} rel="noopener noreferrer" target="_blank" className="site-footer__social">
                  <SocialIcon network={link.network} />
                  <span>{link.label}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <p className="site-footer__legal">
        © {year} {SITE_NAME} · {/* The admin panel is another document (admin.html): a full page load. */}
        <a href={paths.admin.login.getHref()}>Acceso administración</a>
      </p>
    </footer>
  );
}
