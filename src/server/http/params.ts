import { notFound } from './api-error';

/** A route's {id}: a positive whole number, else 404 as for any unknown address. */
export function idParam(params: unknown, name = 'id', detail?: string): number {
  const raw = (params as Record<string, string | undefined>)[name] ?? '';
  if (!/^\d{1,15}$/.test(raw) || Number(raw) < 1) throw notFound(detail);
  return Number(raw);
}

/** Today as YYYY-MM-DD in UTC: a publication is public from its date on (docs/decisions/002). */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}
