import { messages } from '@/domain/messages';
import { badRequestDetail } from './api-error';

/** A JSON body that must be an object ({} when absent). */
export function objectBody(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw badRequestDetail(messages.malformedBody);
  return body as Record<string, unknown>;
}
