import type { Biography } from '@/domain/entities';
import { focalPosition } from '@/domain/media';
import { PREVIEW_ELLIPSIS, preview } from '@/domain/text';
import { ResponsiveImage } from '@/client/ui/responsive-image';
import './biography-card.css';

/** Shown when a photo cannot be loaded: a neutral silhouette, drawn inline. */
export const PHOTO_PLACEHOLDER =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" fill="#e6ebf2"/><circle cx="48" cy="38" r="17" fill="#b7c3d4"/><path d="M16 90c3-19 16-28 32-28s29 9 32 28z" fill="#b7c3d4"/></svg>',
  );

const webLabel = (url: string) => {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
};

/**
 * The biography as one paragraph: whole when short; else the first 250
 * characters (the domain's `preview`), '...', and the rest inside a native
 * `<details>` whose summary reads 'Leer más', 'Leer menos' while open. The
 * server and the browser draw the same markup, which works without scripts and
 * hydrates as it is. CSS (biography-card.css) runs the rest on from the cut in
 * the same lines, drops the '...' while it shows, and sets the summary under
 * the text in both states, where the button was.
 */
function BiographyText({ text }: { text: string }) {
  const cut = preview(text);
  if (!cut.truncated) return <p className="bio-card__text">{text}</p>;
  // What the preview kept, without its ellipsis; the rest starts where it stopped (spaces included), so the two read as the text.
  const head = cut.text.slice(0, -PREVIEW_ELLIPSIS.length);
  return (
    // A <div>: a paragraph cannot hold a <details>.
    <div className="bio-card__text bio-card__text--cut">
      {head}
      {/* Seen, not read: 'Leer más' says the same to a screen reader. */}
      <span className="bio-card__ellipsis" aria-hidden="true">
        {PREVIEW_ELLIPSIS}
      </span>
      {/* The browser owns `open`: a visitor may toggle it before the app takes the page over. */}
      <details className="bio-card__more" suppressHydrationWarning>
        {/* Two labels, one shown by the state: display: none takes the other from screen readers too. */}
        <summary className="bio-card__toggle">
          <span className="bio-card__toggle-more">Leer más</span>
          <span className="bio-card__toggle-less">Leer menos</span>
        </summary>
        {text.slice(head.length)}
      </details>
    </div>
  );
}

/**
 * A member of the faculty (requirements §2): photo (initial letter without one,
 * placeholder when it fails), name, position, biography cut at 250
 * characters with 'Leer más' / 'Leer menos', email and web links.
 */
export function BiographyCard({
  biography,
  anchorId,
  highlighted = false,
}: {
  biography: Biography;
  /** The card's id, for an address that names it (/cuerpo-docente#docente-12); the card can then take the keyboard. */
  anchorId?: string;
  /** The card the address named: marked until another is named. */
  highlighted?: boolean;
}) {
  const name = biography.name?.trim() || 'Sin nombre';
  const position = biography.position?.trim() || 'Sin cargo';
  const text = biography.biography ?? '';

  return (
    <article
      className="bio-card"
      id={anchorId}
      tabIndex={anchorId ? -1 : undefined}
      aria-labelledby={anchorId ? `${anchorId}-nombre` : undefined}
      data-highlighted={highlighted || undefined}
    >
      <div className="bio-card__photo">
        {biography.photo ? (
          <ResponsiveImage
            src={biography.photo}
            // The round crop keeps the photo's focal point in view (the library's, docs/decisions/222).
            style={{ objectPosition: focalPosition(biography.photo_focus) }}
            sizes="112px"
            width={112}
            height={112}
            alt={`Fotografía de ${name}`}
            fallback={<img src={PHOTO_PLACEHOLDER} width={112} height={112} alt={`Fotografía de ${name} no disponible`} />}
          />
        ) : (
          <span className="bio-card__initial" aria-hidden="true">
            {name.charAt(0).toUpperCase()}
          </span>
        )}
      </div>
      <div className="bio-card__body">
        <h2 className="bio-card__name" id={anchorId ? `${anchorId}-nombre` : undefined}>
          {name}
        </h2>
        <p className="bio-card__position">{position}</p>
        {text && <BiographyText text={text} />}
        {(biography.email || biography.linkedin) && (
          <ul className="bio-card__links">
            {biography.email && (
              <li>
                <a href={`mailto:${biography.email}`} aria-label={`Escribir a ${name}: ${biography.email}`}>
                  <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                    <path d="M3 5h18v14H3zM3 6l9 7 9-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
                  </svg>
                  <span>{biography.email}</span>
                </a>
              </li>
            )}
            {biography.linkedin && (
              <li>
                <a
                  href={biography.linkedin}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`Web de ${name}: ${webLabel(biography.linkedin)} (se abre en una pestaña nueva)`}
                >
                  <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                    <path
                      d="M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="1.6"
                    />
                  </svg>
                  <span>Web</span>
                </a>
              </li>
            )}
          </ul>
        )}
      </div>
    </article>
  );
}
