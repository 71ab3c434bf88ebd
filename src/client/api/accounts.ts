import type { AccountState, InvitationKind, Role } from '@/domain/accounts';
import type { TokenPair } from '@/domain/entities';
import { tokensRefreshed } from '@/client/session/session-slice';
import { baseApi } from './base-api';

/** The signed-in person (GET /api/account/): what the screens show and hide follows `role`. */
export interface Account {
  id: number;
  username: string;
  name: string;
  role: Role;
  /** '' when the account has none. */
  email: string;
  /** The new address waiting for the link mailed to it, or null. */
  pending_email: string | null;
  /** Whether the site sends mail: a new address is then confirmed by a link, else it is set when saved. */
  mail: boolean;
}

/** 'Correo electrónico' in Mi cuenta: the new address ('' removes it) and the current password. */
export interface EmailChange {
  email: string;
  current_password: string;
}

/** One sign-in still alive ('Sesiones abiertas'): a refresh-token family of the signed-in person. */
export interface AccountSession {
  id: string;
  browser: string;
  system: string;
  ip: string | null;
  started_at: string;
  last_used_at: string | null;
  /** The sign-in this browser holds ('Esta sesión'). */
  current: boolean;
}

/** A colleague as 'Usuarios' lists them. */
export interface StaffUser {
  id: number;
  username: string;
  name: string;
  role: Role;
  /** Where the site mails the person's links and notices; null when the account has none. */
  email: string | null;
  state: AccountState;
  last_login_at: string | null;
  /** Private preview links the account made that still work. */
  preview_links: number;
}

/** A password link, shown once: `url` is relative ('/admin/activar#…'). */
export interface Invitation {
  url: string;
  expires_at: string;
  /** The address the link was also mailed to; null when the account has none or the site sends no mail. */
  mailed_to: string | null;
}

export interface PasswordChange {
  current_password: string;
  new_password: string;
}

/** The answer to a password change: a fresh pair, since the change ends every earlier token. */
export interface PasswordChanged extends TokenPair {
  detail: string;
}

export interface NewUser {
  username: string;
  name: string;
  role: Role;
  /** '' for none. */
  email: string;
}

export interface UserChange {
  id: number;
  name?: string;
  role?: Role;
  /** '' removes the address. */
  email?: string;
  is_active?: boolean;
}

/** Who a password link is for, before the person chooses a password. */
export interface InvitationHolder {
  username: string;
  name: string;
  kind: InvitationKind;
}

/**
 * Accounts: the signed-in person's own ('Mi cuenta'), the colleagues
 * ('Usuarios', Administrador only) and the password links. The link's token
 * always travels in a request body, never in an address.
 */
const accountsApi = baseApi.enhanceEndpoints({ addTagTypes: ['Account', 'AccountSession', 'StaffUser', 'Outbox'] }).injectEndpoints({
  endpoints: (build) => ({
    /**
     * Keyed by the signed-in username: when another tab signs someone else in
     * (an invitation opened in this browser), this tab asks again instead of
     * keeping the previous person's role.
     */
    getAccount: build.query<Account, string>({
      query: () => '/account/',
      providesTags: ['Account'],
    }),
    changePassword: build.mutation<PasswordChanged, PasswordChange>({
      query: (body) => ({ url: '/account/password/', method: 'POST', body }),
      // The change ends every earlier token, this tab's too: the fresh pair is stored
      // (and so reaches this browser's other tabs) before anything else is asked.
      onQueryStarted: async (_change, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          dispatch(tokensRefreshed({ access: data.access, refresh: data.refresh }));
          dispatch(accountsApi.util.invalidateTags(['AccountSession']));
        } catch {
          // The form shows the refusal; the tokens held are still good.
        }
      },
    }),
    /** Answers the account: with `pending_email` when the address waits for its link, else with the new `email`. */
    changeEmail: build.mutation<Account, EmailChange>({
      query: (body) => ({ url: '/account/email/', method: 'POST', body }),
      invalidatesTags: ['Account', 'StaffUser'],
    }),
    /** Public: the link may be opened signed in as anyone, or as nobody. The token goes in the body only. */
    confirmEmail: build.mutation<{ email: string }, string>({
      query: (token) => ({ url: '/account/email/confirm/', method: 'POST', body: { token } }),
      invalidatesTags: ['Account', 'StaffUser'],
    }),
    listAccountSessions: build.query<AccountSession[], void>({
      query: () => '/account/sessions/',
      providesTags: ['AccountSession'],
    }),
    closeAccountSession: build.mutation<void, string>({
      query: (id) => ({ url: `/account/sessions/${encodeURIComponent(id)}/`, method: 'DELETE' }),
      invalidatesTags: ['AccountSession'],
    }),
    closeOtherSessions: build.mutation<{ closed: number }, void>({
      query: () => ({ url: '/account/sessions/close-others/', method: 'POST' }),
      invalidatesTags: ['AccountSession'],
    }),
    listUsers: build.query<StaffUser[], void>({
      query: () => '/users/',
      providesTags: ['StaffUser'],
    }),
    // A new account's invitation, like any new link, may be mailed: 'Correo' has a message more.
    createUser: build.mutation<{ user: StaffUser; invitation: Invitation }, NewUser>({
      query: (body) => ({ url: '/users/', method: 'POST', body }),
      invalidatesTags: ['StaffUser', 'Outbox'],
    }),
    // A deactivation and a password reset also revoke the account's private preview links.
    updateUser: build.mutation<StaffUser, UserChange>({
      query: ({ id, ...body }) => ({ url: `/users/${id}/`, method: 'PATCH', body }),
      invalidatesTags: ['StaffUser', 'PreviewLink'],
    }),
    /** A new link: an invitation for a pending account, a password reset for an active one. */
    createInvitation: build.mutation<Invitation, number>({
      query: (id) => ({ url: `/users/${id}/invitation/`, method: 'POST' }),
      invalidatesTags: ['StaffUser', 'PreviewLink', 'Outbox'],
    }),
    /** Revokes every private preview link the account made. */
    revokeUserPreviewLinks: build.mutation<{ revoked: number }, number>({
      query: (id) => ({ url: `/users/${id}/preview-links/`, method: 'DELETE' }),
      invalidatesTags: ['StaffUser', 'PreviewLink'],
    }),
    checkInvitation: build.mutation<InvitationHolder, string>({
      query: (token) => ({ url: '/invitations/check/', method: 'POST', body: { token } }),
    }),
    acceptInvitation: build.mutation<TokenPair, { token: string; password: string }>({
      query: (body) => ({ url: '/invitations/accept/', method: 'POST', body }),
    }),
  }),
});

export const {
  useGetAccountQuery,
  useChangePasswordMutation,
  useChangeEmailMutation,
  useConfirmEmailMutation,
  useListAccountSessionsQuery,
  useCloseAccountSessionMutation,
  useCloseOtherSessionsMutation,
  useListUsersQuery,
  useCreateUserMutation,
  useUpdateUserMutation,
  useCreateInvitationMutation,
  useRevokeUserPreviewLinksMutation,
  useCheckInvitationMutation,
  useAcceptInvitationMutation,
} = accountsApi;
