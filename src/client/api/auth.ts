import type { TokenPair } from '@/domain/entities';
import { signedIn } from '@/client/session/session-slice';
import { apiBase } from './base-query';
import { baseApi } from './base-api';

export interface Credentials {
  username: string;
  password: string;
}

/** Sign-in (requirements §7): POST /token/; on success the session starts with the tokens and the username. */
const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<TokenPair, Credentials>({
      query: (credentials) => ({ url: '/token/', method: 'POST', body: credentials }),
      onQueryStarted: async ({ username }, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          dispatch(signedIn({ access: data.access, refresh: data.refresh, username }));
        } catch {
          // The screen shows the failure; there is no session to start.
        }
      },
    }),
  }),
});

export const { useLoginMutation } = authApi;

/** How long a sign-out waits for the server to answer the revoke (the browser has forgotten the session already). */
const REVOKE_WAIT_MS = 2000;

/**
 * Sign-out on the server too (docs/decisions/021, 214): the refresh token and its
 * whole family stop working, so a copy of it left in this browser is worth
 * nothing. A plain request, outside RTK Query and the store: the sign-out has
 * forgotten the session and reset the API state (aborting every running
 * request) before it, and this request must still leave. `keepalive` lets it
 * finish even when the page goes away; the caller waits for it at most
 * REVOKE_WAIT_MS, and a failure (offline, server down) keeps nobody signed in.
 */
export async function revokeSessionOnServer(refresh: string): Promise<void> {
  const sent = fetch(`${apiBase()}/token/blacklist/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ refresh }),
    keepalive: true,
  }).then(
    () => undefined,
    () => undefined,
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const bound = new Promise<void>((resolve) => (timer = setTimeout(resolve, REVOKE_WAIT_MS)));
  await Promise.race([sent, bound]);
  clearTimeout(timer);
}
