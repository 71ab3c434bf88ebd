import type { FieldErrors } from '@/domain/entities';
import { isShownStatus, SHOWN_STATUSES, type ShownStatus } from '@/domain/publication-status';

/** The message of a `status` the list does not know. */
const invalidStatusFilter = `Elija uno de estos estados: ${SHOWN_STATUSES.join(', ')}.`;

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
