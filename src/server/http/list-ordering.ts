import type { FieldErrors } from '@/domain/entities';
import { invalidOrderingMessage, isPublicationOrdering, type PublicationOrdering } from '@/domain/publication-ordering';

/**
 * The admin list's `ordering` (domain/publication-ordering.ts: DRF's names,
 * `-` for the reverse); '' or absent is the manual order. An unknown value is
 * a field error.
 */
export function readOrdering(query: { ordering?: string }, errors: FieldErrors): PublicationOrdering | undefined {
  const value = query.ordering?.trim();
  if (value === undefined || value === '') return undefined;
  if (isPublicationOrdering(value)) return value;
  errors.ordering = [invalidOrderingMessage];
  return undefined;
}
