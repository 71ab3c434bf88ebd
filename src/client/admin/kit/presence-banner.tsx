import { Link } from 'react-router';
import { thisKind, type ContentKind } from '@/domain/content-kinds';
import { editingSentence, savedSentence } from '@/domain/presence';
import { ADMIN_KINDS } from './kinds';
import { usePresence } from './use-presence';
import './presence-banner.css';

export interface PresenceBannerProps {
  kind: ContentKind;
  /** The record the form edits; none for a new one (nobody else can have it open). */
  id: number | undefined;
  /** The version the form started from (after its own saves, the one it saved). */
  version: number | undefined;
}

/**
 * Above a record's form (docs/decisions/182-presence.md): who else has it
 * open, 'Ana está editando esta publicación desde las 10:42', and, when
 * someone saved it after this form loaded it, 'Ana guardó cambios hace 1
 * minuto' with 'Ver cambios', before 'Guardar' (a stale save still gets its
 * 409). A screen reader hears each change once, without the minutes going by.
 */
export function PresenceBanner({ kind, id, version }: PresenceBannerProps) {
  const news = usePresence(kind, id);
  const presence = id === undefined ? undefined : news?.presence;
  const editors = presence?.editors ?? [];
  const timeZone = presence?.time_zone ?? '';
  const save = presence?.last_save ?? null;
  // Only a save after the version this form started from is news.
  const newer = presence && save && version !== undefined && presence.version > version ? save : null;
  const heard = [
    ...editors.map((editor) => `${editingSentence(editor, kind, timeZone)}.`),
    ...(newer
      ? [newer.you ? 'Usted guardó cambios en otra pestaña o navegador.' : `${newer.by} guardó cambios en ${thisKind(kind)}.`]
      : []),
  ].join(' ');
  // The live region stays in place from the start, so that what appears in it is heard.
  return (
    <>
      <div role="status" className="visually-hidden">
        {heard}
      </div>
      {(editors.length > 0 || newer) && (
        <div className="presence-banner">
          {editors.length > 0 && (
            <ul className="presence-editors" aria-label="Quién más está editando">
              {editors.map((editor) => (
                <li key={`${editor.name}-${editor.since}`}>{editingSentence(editor, kind, timeZone)}</li>
              ))}
            </ul>
          )}
          {newer && id !== undefined && (
            <p className="presence-saved">
              <span>{savedSentence(newer, news?.at ?? 0)}</span>{' '}
              <Link to={ADMIN_KINDS[kind].revisionHref(id, newer.revision_id)}>Ver cambios</Link>
            </p>
          )}
        </div>
      )}
    </>
  );
}
