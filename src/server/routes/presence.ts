import { CONTENT_KIND, CONTENT_KINDS, kindTitle } from '@/domain/content-kinds';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { PRESENCE_EXPIRY_MS, PRESENCE_HEARTBEAT_MS } from '@/domain/presence';
import { BadRequest, Detail, IdParams } from '@/domain/schemas/common';
import { Presence, PresenceBeat, PresenceLeaveQuery, type PresenceEditor } from '@/domain/schemas/presence';
import { siteTimeZone } from '../clock';
import { KIND_STORES } from '../content/kinds';
import { beat, lastSave, leave, presentTabs, recordVersion, type PresentRow } from '../db/presence-repository';
import { notFound } from '../http/api-error';
import { notFoundAs } from '../http/params';
import { staffSession } from '../plugins/auth';
import type { Services } from '../services';

/**
 * Who else has a record's form open (docs/decisions/182-presence.md): a form
 * sends a heartbeat every 20 s and learns who else is there and whether the
 * record was saved since it was loaded; leaving the form ends its presence.
 * Not content writes: no version, no revision, no activity entry, no cache
 * cleared, no content write lock (db/presence-repository.ts). The roles
 * follow the record's editing right (auth/permissions.ts).
 */

/** The people of the other tabs, each once (their first tab's time), in order of arrival. */
function editorsOf(rows: PresentRow[], me: number, tab: string): PresenceEditor[] {
  const seen = new Map<number, PresenceEditor>();
  for (const row of rows) {
    if ((row.user_id === me && row.tab === tab) || seen.has(row.user_id)) continue;
    seen.set(row.user_id, { name: row.name.trim() || row.username, since: row.since, you: row.user_id === me });
  }
  return [...seen.values()];
}

export const presenceRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { db } = services;
  const security = [{ bearer: [] }];

  for (const kind of CONTENT_KINDS) {
    const path = `/${CONTENT_KIND[kind].collection}/`;
    const tags = [kindTitle(kind)];
    const { missing } = KIND_STORES[kind];
    const config = notFoundAs(missing);

    app.post(
      `${path}:id/presence/`,
      {
        config,
        schema: {
          tags,
          security,
          summary: 'Quién más está editando: el latido de un formulario abierto',
          description:
            `El formulario lo envía cada ${PRESENCE_HEARTBEAT_MS / 1000} s mientras está abierto; ` +
            `quien no lo envía en ${PRESENCE_EXPIRY_MS / 1000} s deja de contar. ` +
            'Responde quiénes más lo tienen abierto, la versión guardada y el último guardado, para avisar antes de guardar. ' +
            'No es una edición: no cambia la versión, no deja entrada en Actividad ni en el Historial.',
          params: IdParams,
          body: PresenceBeat,
          response: { 200: Presence, 400: BadRequest, 404: Detail },
        },
      },
      async (request) => {
        const { user, claims } = staffSession(request);
        const id = request.params.id;
        const version = await recordVersion(db, kind, id);
        if (version === undefined) throw notFound(missing);
        const now = new Date();
        const key = { kind, itemId: id, userId: user.id, tab: request.body.tab };
        await beat(db, key, claims.family ?? null, now);
        const [rows, save] = await Promise.all([presentTabs(db, kind, id, now), lastSave(db, kind, id)]);
        return {
          editors: editorsOf(rows, user.id, key.tab),
          version,
          last_save: save
            ? { at: save.created_at, by: save.name?.trim() || save.author, you: save.author_id === user.id, revision_id: save.id }
            : null,
          time_zone: siteTimeZone(),
        };
      },
    );

    app.delete(
      `${path}:id/presence/`,
      {
        config,
        schema: {
          tags,
          security,
          summary: 'Quién más está editando: el formulario se cerró',
          description: 'La pestaña deja de contar en seguida, sin esperar a que caduque. Responde 204 también si ya no contaba.',
          params: IdParams,
          querystring: PresenceLeaveQuery,
          response: { 204: Type.Null(), 400: BadRequest, 404: Detail },
        },
      },
      async (request, reply) => {
        const { user } = staffSession(request);
        await leave(db, { kind, itemId: request.params.id, userId: user.id, tab: request.query.tab });
        return reply.code(204).send(null);
      },
    );
  }
};
