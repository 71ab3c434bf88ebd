import type { FieldErrors } from '@/domain/entities';
import { isShownStatus, publicState, SHOWN_STATUSES, type PublicState, type ShownStatus } from '@/domain/publication-status';
import type { PublicationWithSection } from '../db/publications-repository';

/** The message of a `status` the list does not know. */
export const invalidStatusFilter = `Elija uno de estos estados: ${SHOWN_STATUSES.join(', ')}.`;

/**
 * The admin list's `status` (a shown status: draft, scheduled, published,
 * archived); '' or absent is every status. An unknown value is a field error.
 */
export function readStatusFilter(query: { status?: string }, errors: FieldErrors): ShownStatus | undefined {
  const value = query.status?.trim();
  if (value === undefined || value === '') return undefined;
  if (isShownStatus(value)) return value;
  errors.status = [invalidStatusFilter];
  return undefined;
}

/**
 * An admin answer of a publication with its shown status on `today` (the
 * site's), which the browser cannot work out alone: it knows neither the
 * site's time zone nor, from the answer, whether the section is visible.
 */
export function withPublicState<T extends object>(json: T, row: PublicationWithSection, today: string): T & { public_state: PublicState } {
  return {
    ...json,
    public_state: publicState(
      { status: row.status, publish_date: row.publish_date, section_is_active: row.section_is_active !== 0 },
      today,
    ),
  };
}
