import { useSiteSettings } from './site-settings';
import { SocialIcon } from './social-icon';
import './top-bar.css';

const isExternal = (url: string) => /^https?:\/\//.test(url);

/** The thin bar above the header: the social networks that have a link and the research group ('Ajustes del sitio'). */
export function TopBar() {
  const { socialLinks, researchGroup } = useSiteSettings();
  return (
    <nav className="top-bar" aria-label="Redes sociales y grupo de investigación">
      <div className="top-bar__inner">
        {socialLinks.length > 0 && (
          <ul className="top-bar__social" aria-label="Redes sociales">
            {socialLinks.map((link) => (
              <li key={link.network + link.url}>
                <a
                  href={link.url}
                  className="top-bar__icon-link"
                  rel="noopener noreferrer"
                  target="_blank"
                  aria-label={`${link.label} (se abre en una pestaña nueva)`}
                >
                  <SocialIcon network={link.network} />
                </a>
              </li>
            ))}
          </ul>
        )}
        {researchGroup.url && (
          <a
            className="top-bar__group"
            href={researchGroup.url}
            {...(isExternal(researchGroup.url) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            <span className="top-bar__group-prefix">Grupo de investigación </span>
            {researchGroup.label}
          </a>
        )}
      </div>
    </nav>
  );
}
