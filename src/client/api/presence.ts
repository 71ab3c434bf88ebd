import type { ContentKind } from '@/domain/content-kinds';
import type { Id } from '@/domain/entities';
import type { Presence } from '@/domain/schemas/presence';
import { baseApi } from './base-api';
import { apiBase } from './base-query';
import { collectionPath } from './kinds';

export interface PresenceRequest {
  kind: ContentKind;
  id: Id;
  /** This browser tab's own id. */
  tab: string;
}

const addressOf = ({ kind, id }: PresenceRequest) => `${collectionPath(kind)}${id}/presence/`;

/**
 * Who else has a record's form open (docs/decisions/182-presence.md): the
 * form's heartbeat, a mutation (it renews this tab's presence) that touches
 * no cached record, so nothing is refetched because of it.
 */
const presenceApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    presenceBeat: build.mutation<Presence, PresenceRequest>({
      query: (request) => ({ url: addressOf(request), method: 'POST', body: { tab: request.tab } }),
    }),
  }),
});

export const { usePresenceBeatMutation } = presenceApi;

/**
 * The form was left (or went idle): its presence ends at once. A plain
 * request with `keepalive`, outside RTK Query, since it leaves as the page
 * or the component goes away (as the sign-out's revoke does, api/auth.ts);
 * a failure only means the server forgets the tab a minute later.
 */
export function leavePresence(request: PresenceRequest, access: string): void {
  void fetch(`${apiBase()}${addressOf(request)}?tab=${encodeURIComponent(request.tab)}`, {
    method: 'DELETE',
    headers: { Authorization: `Bearer ${access}`, Accept: 'application/json' },
    keepalive: true,
  }).catch(() => undefined);
}
