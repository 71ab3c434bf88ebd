import { offsetMinutesAt } from '@/domain/zoned-time';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { FieldErrors } from '@/domain/entities';
import { BULK_ACTIVITY_ACTIONS } from '@/domain/bulk';
import { isOneOf } from '@/domain/guards';
import { ACTIVITY_ACTIONS, BULK_ACTIVITY_FILTER, CONTENT_ACTIVITY_ACTIONS } from '@/domain/history';
import { messages } from '@/domain/messages';
import { hasErrors, isIsoDate } from '@/domain/validation';
import { ActivityEntry, ActivityPeople, ActivityQuery } from '@/domain/schemas/activity';
import { BadRequest, PageOf } from '@/domain/schemas/common';
import { siteTimeZone } from '../clock';
import { activityUsernames, listActivity } from '../db/activity-repository';
import { canSeeSignIns } from '../auth/permissions';
import { badRequest } from '../http/api-error';
import { toActivityEntry } from '../http/activity-entry';
import { staffRole } from '../plugins/auth';
import { readPageRequest, requestUrl, toPage } from '../http/pagination';
import type { Services } from '../services';

/**
 * Reading the activity log ('Actividad', docs/decisions/221-the-activity-log.md):
 * entries are written through content/activity-log.ts, and its retention is
 * an upkeep job (upkeep/activity-retention.ts).
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The UTC instant at which a calendar day (YYYY-MM-DD) starts in `timeZone`:
 * the log's date filters are the site's days, as the administrators live
 * them, not UTC's.
 */
export function startOfDay(date: string, timeZone: string = siteTimeZone()): string {
  // How far ahead of UTC the zone's clock is at an instant, in ms.
  const offsetAt = (instant: number): number => offsetMinutesAt(instant, timeZone) * 60_000;
  const midnightAsUtc = Date.parse(`${date}T00:00:00Z`);
  const first = midnightAsUtc - offsetAt(midnightAsUtc);
  // The offset at the day's start may differ from the one a few hours away (a change of time that night).
  return new Date(midnightAsUtc - offsetAt(first)).toISOString();
}

/**
 * The actions whose entries this request may read: all of them, or for an Editor the content
 * entries only (no sign-ins, no addresses, no accounts); the list of people follows the same rule.
 */
const readableActions = (request: FastifyRequest) => (canSeeSignIns(staffRole(request)) ? undefined : CONTENT_ACTIVITY_ACTIONS);

/** The day after a calendar day, YYYY-MM-DD. */
const nextDay = (date: string): string => new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/** Admin routes of the log. */
export const activityRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const tags = ['Actividad'];
  const security = [{ bearer: [] }];

  app.get(
    '/activity/',
    {
      schema: {
        tags,
        security,
        summary: 'Registro de actividad, lo más reciente primero',
        description:
          'Quién hizo qué y cuándo: inicios de sesión (también los fallidos, con su IP), creaciones, ediciones, eliminaciones, restauraciones, purgas, reordenaciones y subidas. ' +
          'Filtros: `user`, `kind` (la acción), `from` y `to` (días AAAA-MM-DD en la zona horaria del sitio, incluidos).',
        querystring: ActivityQuery,
        response: { 200: PageOf(ActivityEntry), 400: BadRequest },
      },
    },
    async (request) => {
      const { query } = request;
      const page = readPageRequest(query);
      const errors: FieldErrors = {};
      const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);
      const username = text(query.user);
      const action = text(query.kind);
      // 'bulk': every bulk action at once.
      const bulk = action === BULK_ACTIVITY_FILTER;
      if (action !== undefined && !bulk && !isOneOf(ACTIVITY_ACTIONS, action)) errors.kind = [messages.invalidChoice];
      const from = text(query.from);
      const to = text(query.to);
      if (from !== undefined && !isIsoDate(from)) errors.from = [messages.invalidDate];
      if (to !== undefined && !isIsoDate(to)) errors.to = [messages.invalidDate];
      if (!errors.from && !errors.to && from !== undefined && to !== undefined && to < from) errors.to = [messages.activityDateOrder];
      if (hasErrors(errors)) throw badRequest(errors);
      const { rows, count } = await listActivity(
        services.db,
        {
          username,
          action: isOneOf(ACTIVITY_ACTIONS, action) ? action : undefined,
          actionGroup: bulk ? Object.values(BULK_ACTIVITY_ACTIONS) : undefined,
          actions: readableActions(request),
          from: from === undefined ? undefined : startOfDay(from),
          before: to === undefined ? undefined : startOfDay(nextDay(to)),
        },
        page.window,
      );
      return toPage(
        page,
        count,
        rows.map((row) => toActivityEntry(row)),
        requestUrl(request),
      );
    },
  );

  app.get(
    '/activity/people/',
    { schema: { tags, security, summary: 'Los usuarios que aparecen en el registro', response: { 200: ActivityPeople } } },
    async (request) => activityUsernames(services.db, readableActions(request)),
  );
};
