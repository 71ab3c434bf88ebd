import type { PublicationEvent } from '@/domain/events';
import { eventWhen, eventWhere } from '@/domain/events';
import { CalendarIcon } from './calendar-icon';
import './event-box.css';

/** Said to screen readers of the links that open another site in a new tab, as the top bar's say it. */
const NEW_TAB = <span className="visually-hidden"> (se abre en una pestaña nueva)</span>;

export interface EventBoxProps {
  event: PublicationEvent;
  /** false once its last day has passed (the public answer's `event_upcoming`); null when not known. */
  upcoming: boolean | null;
  /** Its calendar file ('Añadir al calendario'), or null when it has none yet (an unsaved preview). */
  calendarPath: string | null;
}

/**
 * A publication's event under its title (docs/decisions/197): when and where,
 * the link to follow it online, 'Inscribirse' while it is still to come, and
 * its calendar file. A past event says so and no longer offers registration.
 */
export function EventBox({ event, upcoming, calendarPath }: EventBoxProps) {
  const past = upcoming === false;
  const where = eventWhere(event);
  const register = !past && event.registration_url;
  return (
    <section className={past ? 'event-box event-box--past' : 'event-box'} aria-labelledby="evento-titulo">
      <h2 id="evento-titulo" className="event-box__title">
        <CalendarIcon className="event-box__icon" size={22} />
        Evento
      </h2>
      {past && <p className="event-box__past">Este evento ya se celebró.</p>}
      <dl className="event-box__facts">
        <div className="event-box__fact">
          <dt>Cuándo</dt>
          <dd>{eventWhen(event)}</dd>
        </div>
        {where && (
          <div className="event-box__fact">
            <dt>Dónde</dt>
            <dd>
              {where}
              {event.online_url && (
                <>
                  {' '}
                  <a className="event-box__online" href={event.online_url} target="_blank" rel="noopener">
                    Seguir en línea{NEW_TAB}
                  </a>
                </>
              )}
            </dd>
          </div>
        )}
      </dl>
      {(register || calendarPath) && (
        <div className="event-box__actions">
          {register && (
            <a className="button button--accent" href={register} target="_blank" rel="noopener">
              Inscribirse{NEW_TAB}
            </a>
          )}
          {calendarPath && (
            // A file to open in a calendar app, not a page of the app: a plain link that downloads it.
            <a className="button event-box__calendar" href={calendarPath} download type="text/calendar">
              Añadir al calendario
            </a>
          )}
        </div>
      )}
    </section>
  );
}
