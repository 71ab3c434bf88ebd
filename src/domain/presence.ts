import { thisKind, type ContentKind } from './content-kinds';
import { DATE_LOCALE } from './limits';

/**
 * Who else has a record's form open (docs/decisions/182-presence.md): the
 * timings the browser and the server share, and the sentences the form shows.
 */

/** How often an open form says it is still open. */
export const PRESENCE_HEARTBEAT_MS = 20_000;
/** A form not heard from for this long is no longer open. */
export const PRESENCE_EXPIRY_MS = 60_000;
/** Without input in the form for this long, its heartbeats stop: presence keeps no session alive. */
export const PRESENCE_IDLE_MS = 30 * 60_000;
/** The length bounds of a tab's id. */
export const PRESENCE_TAB_MAX_LENGTH = 64;

const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** The time of day of an ISO moment in `timeZone`, as a 24-hour clock shows it: '10:42'. '' when it is not one. */
export function timeOfDay(iso: string, timeZone: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  let format = timeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat(DATE_LOCALE, { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    timeFormats.set(timeZone, format);
  }
  return format.format(time);
}

/** How long ago, in words: 'hace unos segundos', 'hace 1 minuto', 'hace 5 minutos', 'hace 1 hora', 'hace 3 horas', 'hace 2 días'. */
export function agoInWords(iso: string, now: number): string {
  const elapsed = Math.max(0, now - Date.parse(iso));
  const minutes = Math.floor(elapsed / 60_000);
  if (Number.isNaN(minutes) || minutes < 1) return 'hace unos segundos';
  if (minutes < 60) return minutes === 1 ? 'hace 1 minuto' : `hace ${minutes} minutos`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return hours === 1 ? 'hace 1 hora' : `hace ${hours} horas`;
  const days = Math.floor(hours / 24);
  return days === 1 ? 'hace 1 día' : `hace ${days} días`;
}

/** One person with the form open, as the server answers it. */
export interface PresentEditor {
  name: string;
  since: string;
  /** The same person, in another tab or browser. */
  you: boolean;
}

/** 'Ana está editando esta publicación desde las 10:42'; for oneself, 'Usted, en otra pestaña, …'. */
export function editingSentence(editor: PresentEditor, kind: ContentKind, timeZone: string): string {
  const since = `desde las ${timeOfDay(editor.since, timeZone)}`;
  return editor.you
    ? `Usted también está editando ${thisKind(kind)} en otra pestaña o navegador ${since}`
    : `${editor.name} está editando ${thisKind(kind)} ${since}`;
}

/** 'Ana guardó cambios hace 1 minuto'; for oneself, from another tab: 'Usted guardó cambios en otra pestaña …'. */
export function savedSentence(save: { by: string; you: boolean; at: string }, now: number): string {
  return save.you
    ? `Usted guardó cambios en otra pestaña o navegador ${agoInWords(save.at, now)}`
    : `${save.by} guardó cambios ${agoInWords(save.at, now)}`;
}
