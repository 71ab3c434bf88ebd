import { isId } from '@/domain/validation';
import { notFound } from './api-error';

/** A route's {id}: a positive whole number, else 404 as for any unknown address. */
export function idParam(params: unknown, name = 'id', detail?: string): number {
  const raw = (params as Record<string, string | undefined>)[name] ?? '';
  if (!/^\d{1,10}$/.test(raw) || !isId(Number(raw))) throw notFound(detail);
  return Number(raw);
}
