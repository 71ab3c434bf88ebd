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
}

export interface TokenIssuer {
  issue(userId: number, type: TokenType, sessionVersion: number, family?: string): Promise<{ token: string; claims: TokenClaims }>;
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
  return {
    async issue(userId, type, sessionVersion, family) {
      const jti = crypto.randomUUID().replace(/-/g, '');
      const issuedAt = Math.floor(Date.now() / 1000);
      const expiresAt = issuedAt + lifetimes[type];
      const token = await new SignJWT({ token_type: type, user_id: userId, session_version: sessionVersion, ...(family ? { family } : {}) })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setJti(jti)
        .setSubject(String(userId))
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .sign(key);
      return { token, claims: { userId, jti, tokenType: type, expiresAt, sessionVersion, ...(family ? { family } : {}) } };
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
        };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },
  };
}
