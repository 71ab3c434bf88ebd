import { createTokenIssuer } from './tokens';

describe('token issuer', () => {
  const issuer = createTokenIssuer('secreto', { access: 300, refresh: 86_400 });

  it('issues tokens that verify as their own type only', async () => {
    const access = await issuer.issue(7, 'access', 0);
    const refresh = await issuer.issue(7, 'refresh', 0);
    expect(await issuer.verify(access.token, 'access')).toEqual(access.claims);
    expect(await issuer.verify(access.token, 'refresh')).toBeNull();
    expect(await issuer.verify(refresh.token, 'refresh')).toMatchObject({ userId: 7, tokenType: 'refresh' });
    expect(refresh.claims.expiresAt - access.claims.expiresAt).toBe(86_400 - 300);
    expect(access.claims.jti).not.toBe(refresh.claims.jti);
  });

  it('carries the session version it was issued under', async () => {
    const access = await issuer.issue(7, 'access', 3);
    expect(await issuer.verify(access.token, 'access')).toMatchObject({ userId: 7, sessionVersion: 3 });
  });

  it('signs the claims of an issued token back into the very same token, whatever its lifetimes', async () => {
    const refresh = await issuer.issue(7, 'refresh', 2);
    const access = await issuer.issue(7, 'access', 2, 'familia');
    const elsewhere = createTokenIssuer('secreto', { access: 60, refresh: 600 });
    expect(await elsewhere.sign(refresh.claims)).toBe(refresh.token);
    expect(await elsewhere.sign(access.claims)).toBe(access.token);
    // The claims as a stored row gives them back, in any order.
    const { issuedAt, expiresAt, sessionVersion, jti } = refresh.claims;
    expect(await issuer.sign({ expiresAt, issuedAt, jti, sessionVersion, tokenType: 'refresh', userId: 7 })).toBe(refresh.token);
    expect(await issuer.sign({ ...refresh.claims, issuedAt: issuedAt + 1 })).not.toBe(refresh.token);
  });

  it('refuses tokens signed with another secret, expired or malformed', async () => {
    const other = createTokenIssuer('otro', { access: 300, refresh: 300 });
    const expired = createTokenIssuer('secreto', { access: -10, refresh: -10 });
    expect(await issuer.verify((await other.issue(1, 'access', 0)).token, 'access')).toBeNull();
    expect(await issuer.verify((await expired.issue(1, 'access', 0)).token, 'access')).toBeNull();
    expect(await issuer.verify('a.b.c', 'access')).toBeNull();
    expect(await issuer.verify('', 'access')).toBeNull();
  });
});
