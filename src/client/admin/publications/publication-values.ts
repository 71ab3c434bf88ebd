import type { PublicationInput } from '@/client/api/publications';

/**
 * The 'Evento' panel's fields (docs/decisions/197): dates and times apart, so that a whole-day
 * event hides its times and each input is the browser's own date or time picker. `start` and
 * `end` are the dates, so that the server's errors on `event.start` and `event.end` land on them.
 */
export interface EventValues {
  enabled: boolean;
  all_day: boolean;
  start: string;
  start_time: string;
  end: string;
  end_time: string;
  location: string;
  online_url: string;
  registration_url: string;
}

/** What the publication form holds: the API's input but the layout (the editor's slice holds it) and the event's panel. */
export type PublicationValues = Omit<PublicationInput, 'version' | 'layout' | 'event'> & { event: EventValues };
