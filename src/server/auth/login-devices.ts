import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { usernameKey } from '@/domain/accounts';

/** The cookie a browser keeps once it signed in as a username. Sent to the sign-in route only. */
export const LOGIN_DEVICE_COOKIE = 'login_device';
export const LOGIN_DEVICE_COOKIE_PATH = '/api/token/';
/** How long a browser stays known without signing in again. */
export const LOGIN_DEVICE_LIFETIME_SECONDS = 180 * 24 * 60 * 60;

const PURPOSE = 'login-device';

export interface LoginDevices {
  /** A new device cookie's value for a browser that just signed in as `username`. */
  issue(username: string): Promise<string>;
  /** The device id of a valid cookie issued for `username`, or null (none, tampered, expired, another username's). */
  recognise(cookie: string | undefined, username: string): Promise<string | null>;
}

/**
 * Device cookies (OWASP's "slow brute force" defence): a browser that once
 * signed in successfully as a username is known for that username, and its
 * sign-in attempts are counted on their own, so an attacker who exhausts the
 * budget that unknown browsers share does not lock the real person out
 * (auth/login-throttle.ts). The cookie is a signed token naming the username
 * and a random device id; its own key is derived from SECRET_KEY, so it is no
 * access or refresh token.
 */
export function createLoginDevices(secret: string, now: () => number = Date.now): LoginDevices {
  const key = crypto.createHmac('sha256', secret).update(PURPOSE).digest();
  return {
    async issue(username) {
      const issuedAt = Math.floor(now() / 1000);
      return new SignJWT({ purpose: PURPOSE })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(usernameKey(username))
        .setJti(crypto.randomUUID())
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + LOGIN_DEVICE_LIFETIME_SECONDS)
        .sign(key);
    },
    async recognise(cookie, username) {
      if (!cookie) return null;
      try {
        const { payload } = await jwtVerify(cookie, key, { algorithms: ['HS256'], currentDate: new Date(now()) });
        if (payload.purpose !== PURPOSE || payload.sub !== usernameKey(username) || typeof payload.jti !== 'string') return null;
        return payload.jti;
      } catch {
        return null;
      }
    },
  };
}
