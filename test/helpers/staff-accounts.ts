/**
 * Colleagues made through the real API, as an Administrador makes them in the
 * panel: an account, its invitation link, the link accepted with a password.
 * For client tests on `withRealApi`'s server.
 */
import type { RealApi } from './real-api-server';

/** A password the rules accept (15 characters or more, not common, not the username). */
export const STAFF_PASSWORD = 'una frase larga de prueba 2026';

export interface Colleague {
  id: number;
  username: string;
  access: string;
  refresh: string;
}

/** A username no other test of the file uses (no spaces: a username has none). */
const uniqueUsername = (api: RealApi, prefix: string): string => api.unique(prefix).replace(/\s+/g, '-');

/** The token of a password link: what follows '#'. */
export const tokenOf = (url: string): string => url.slice(url.indexOf('#') + 1);

/** Invites a colleague (as the test admin) without accepting: the account and its link. */
export async function invite(api: RealApi, role: 'admin' | 'editor', name = 'Colega de pruebas') {
  const username = uniqueUsername(api, role === 'editor' ? 'editora' : 'administradora');
  const made = await api.request('POST', '/api/users/', { json: { username, name, role } });
  if (made.status !== 201) throw new Error(`POST /api/users/ answered ${made.status}: ${JSON.stringify(made.body)}`);
  return { id: made.body.user.id as number, username, url: made.body.invitation.url as string };
}

/** A colleague with a password and a session of their own. */
export async function colleague(api: RealApi, role: 'admin' | 'editor'): Promise<Colleague> {
  const { id, username, url } = await invite(api, role);
  const accepted = await api.request('POST', '/api/invitations/accept/', {
    json: { token: tokenOf(url), password: STAFF_PASSWORD },
    token: null,
  });
  if (accepted.status !== 200) throw new Error(`accept answered ${accepted.status}: ${JSON.stringify(accepted.body)}`);
  return { id, username, access: accepted.body.access, refresh: accepted.body.refresh };
}

/** Preloaded state for a store signed in as that colleague. */
export const sessionOf = (person: Colleague) => ({
  session: { restored: true as const, user: { access: person.access, refresh: person.refresh, username: person.username } },
});
