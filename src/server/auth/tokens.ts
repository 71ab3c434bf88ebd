import crypto from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';

export type TokenType = 'access' | 'refresh';

export interface TokenClaims {
  userId: number;
  jti: string;
  tokenType: TokenType;
  /** Unix seconds. */
  expiresAt: number;
  /** The user's session version when it was issued: a password change makes older tokens stop working. */
  sessionVersion: number;
  /**
   * Access tokens: the sign-in (refresh-token family) they belong to. When the
   * family is revoked (sign-out, a stolen refresh token reused) they stop
   * working at once, not when they expire. Absent on tokens signed before.
   */
  family?: string;
  /** Unix seconds (`iat`). */
  issuedAt?: number;
}

/** Every claim a token's signature covers: signing them again gives back the very same token. */
export type SignedClaims = TokenClaims & { issuedAt: number };

export interface TokenIssuer {
  issue(userId: number, type: TokenType, sessionVersion: number, family?: string): Promise<{ token: string; claims: SignedClaims }>;
  /**
   * Signs the given claims. HS256 over the same header and the same claims, in
   * the same order, is the same string: an issued token's claims give back
   * that token (a rotated refresh token sent again, auth/sign-in.ts).
   */
  sign(claims: SignedClaims): Promise<string>;
  /** The claims of a valid token of the given type, or null for anything else (garbage, tampered, expired, wrong type). */
  verify(token: string, type: TokenType): Promise<TokenClaims | null>;
}

/**
 * HS256 tokens shaped like SimpleJWT's (token_type, jti, user_id, plus
 * session_version), so the
 * browser can read them the way requirements §7 expects.
 */
export function createTokenIssuer(secret: string, lifetimes: Record<TokenType, number>): TokenIssuer {
  const key = new TextEncoder().encode(secret);
  const sign = async ({ userId, jti, tokenType, issuedAt, expiresAt, sessionVersion, family }: SignedClaims): Promise<string> =>
    new SignJWT({ token_type: tokenType, user_id: userId, session_version: sessionVersion, ...(family ? { family } : {}) })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setJti(jti)
      .setSubject(String(userId))
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(key);
  return {
    sign,
    async issue(userId, type, sessionVersion, family) {
      const jti = crypto.randomUUID().replace(/-/g, '');
      const issuedAt = Math.floor(Date.now() / 1000);
      const claims: SignedClaims = {
        userId,
        jti,
        tokenType: type,
        expiresAt: issuedAt + lifetimes[type],
        sessionVersion,
        ...(family ? { family } : {}),
        issuedAt,
      };
      return { token: await sign(claims), claims };
    },
    async verify(token, type) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const userId = payload.user_id;
        if (
          payload.token_type !== type ||
          typeof userId !== 'number' ||
          typeof payload.jti !== 'string' ||
          typeof payload.exp !== 'number'
        ) {
          return null;
        }
        // Tokens signed before session versions existed carry none: version 0, every user's first.
        const sessionVersion = payload.session_version ?? 0;
        if (typeof sessionVersion !== 'number') return null;
        if (payload.family !== undefined && typeof payload.family !== 'string') return null;
        return {
          userId,
          jti: payload.jti,
          tokenType: type,
          expiresAt: payload.exp,
          sessionVersion,
          ...(payload.family ? { family: payload.family } : {}),
          ...(typeof payload.iat === 'number' ? { issuedAt: payload.iat } : {}),
        };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },
  };
}
