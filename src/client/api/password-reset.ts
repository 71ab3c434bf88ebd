import { baseApi } from './base-api';

/** '¿Ha olvidado su contraseña?' (POST /api/password-reset/): always the same answer when accepted. */
const passwordResetApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    requestPasswordReset: build.mutation<{ detail: string }, string>({
      query: (usernameOrEmail) => ({ url: '/password-reset/', method: 'POST', body: { username_or_email: usernameOrEmail } }),
    }),
  }),
});

export const { useRequestPasswordResetMutation } = passwordResetApi;
