import type { Page } from '@/domain/entities';
import { isRecord } from '@/domain/guards';

/** Whether an answer is a DRF page: {count, next, results}. */
export function isPage<T>(value: unknown): value is Page<T> {
  return isRecord(value) && Array.isArray(value.results) && typeof value.count === 'number';
}

/**
 * The items of a list answer (requirements §3, §7): a plain array, a page's results,
 * or else the first array found among the answer's values; [] when none.
 */
export function toList<T>(value: unknown): T[] {
  if (Array.isArray(value)) return value as T[];
  if (!isRecord(value)) return [];
  if (Array.isArray(value.results)) return value.results as T[];
  const firstArray = Object.values(value).find(Array.isArray);
  return (firstArray as T[] | undefined) ?? [];
}
