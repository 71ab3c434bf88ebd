import { signedIn } from '@/client/session/session-slice';
import { actionSanitizer, LIST_LIMIT, LIST_SAMPLE, listSummary, MASK, stateSanitizer } from './devtools-sanitizers';

// Shaped like the tokens the API signs: three base64url parts.
const ACCESS = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIiwidHlwZSI6ImFjY2VzcyJ9.c2lnbmF0dXJlLW9mLWFjY2Vzcw';
const REFRESH = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIiwidHlwZSI6InJlZnJlc2gifQ.c2lnbmF0dXJlLW9mLXJlZnJlc2g';

const serialised = (value: unknown) => JSON.stringify(value);

describe('DevTools sanitizers', () => {
  it('mask the tokens of the session slice and keep the username readable', () => {
    const state = { session: { restored: true, user: { access: ACCESS, refresh: REFRESH, username: 'admin' } } };
    expect(stateSanitizer(state)).toEqual({ session: { restored: true, user: { access: MASK, refresh: MASK, username: 'admin' } } });
    // The store's own state is left alone.
    expect(state.session.user.access).toBe(ACCESS);
  });

  it('keep action types readable and mask the tokens and password they carry', () => {
    const signIn = actionSanitizer(signedIn({ access: ACCESS, refresh: REFRESH, username: 'admin' }));
    expect(signIn).toEqual({ type: 'session/signedIn', payload: { access: MASK, refresh: MASK, username: 'admin' } });

    const loginFulfilled = {
      type: 'api/executeMutation/fulfilled',
      payload: { access: ACCESS, refresh: REFRESH },
      meta: { arg: { endpointName: 'login', originalArgs: { username: 'admin', password: 'clave secreta' } }, requestStatus: 'fulfilled' },
    };
    const shown = actionSanitizer(loginFulfilled);
    expect(shown.type).toBe('api/executeMutation/fulfilled');
    expect(serialised(shown)).not.toMatch(/clave secreta|eyJ/);
    expect(shown.meta.arg.originalArgs).toEqual({ username: 'admin', password: MASK });
  });

  it('mask JWT-shaped strings and Bearer headers under any key, and request objects down to their address', () => {
    const shown = actionSanitizer({
      type: 'api/executeQuery/fulfilled',
      meta: {
        note: ACCESS,
        headers: { Authorization: `Bearer ${ACCESS}`, 'X-Trace': `Bearer ${ACCESS}` },
        baseQueryMeta: { request: new Request('http://localhost/api/sections/', { headers: { Authorization: `Bearer ${ACCESS}` } }) },
      },
    });
    expect(serialised(shown)).not.toContain('eyJ');
    expect(shown.meta.baseQueryMeta.request).toBe('Request GET http://localhost/api/sections/');
  });

  it('summarise a cached answer of 1,000 rows to its first rows and the total', () => {
    const results = Array.from({ length: 1000 }, (_, i) => ({ id: i + 1, title: `Publicación ${i + 1}` }));
    const state = {
      api: {
        queries: { 'getPublications({"page":1})': { status: 'fulfilled', data: { count: 1000, next: null, previous: null, results } } },
      },
    };
    const shown = stateSanitizer(state).api.queries['getPublications({"page":1})'].data;
    expect(shown.count).toBe(1000);
    expect(shown.results).toEqual([...results.slice(0, LIST_SAMPLE), listSummary(1000)]);
    expect(listSummary(1000)).toBe('… y 997 más (1000 en total)');
    expect(serialised(shown).length).toBeLessThan(400);
  });

  it('leave short lists whole', () => {
    const items = Array.from({ length: LIST_LIMIT }, (_, i) => i);
    expect(stateSanitizer({ items })).toEqual({ items });
  });

  it('keep up with a store of 1,000 cached rows: an action that changes one entry re-walks only that entry', () => {
    const rows = Array.from({ length: 1000 }, (_, i) => ({ id: i, title: `Fila ${i}`, body: 'x'.repeat(500) }));
    // Each action makes a new root object and shares the unchanged rows, as a Redux reducer does.
    let state = { rows, ticks: 0 };
    const first = stateSanitizer(state);
    for (let i = 0; i < 200; i++) {
      state = { ...state, ticks: state.ticks + 1 };
      const shown = stateSanitizer(state);
      expect(shown.ticks).toBe(i + 1);
      // The rows did not change: what DevTools shows of them is the one walk already made, not a new one.
      expect(shown.rows).toBe(first.rows);
    }
    // A changed entry is walked again.
    expect(stateSanitizer({ ...state, rows: [...rows] }).rows).not.toBe(first.rows);
  });
});
