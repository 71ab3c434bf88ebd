import type { TokenPair } from '@/domain/entities';
import { signedIn } from '@/client/session/session-slice';
import { baseApi } from './base-api';

export interface Credentials {
  username: string;
  password: string;
}

/** Sign-in (requirements §7): POST /token/; on success the session starts with the tokens and the username. */
export const authApi = baseApi.injectEndpoints({
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
    /**
     * Sign-out on the server too (DECISIONS "Sessions"): the refresh token and
     * its whole family stop working, so a copy of it left in this browser is
     * worth nothing.
     */
    revokeSession: build.mutation<unknown, { refresh: string }>({
      query: (body) => ({ url: '/token/blacklist/', method: 'POST', body }),
    }),
  }),
});

export const { useLoginMutation } = authApi;
