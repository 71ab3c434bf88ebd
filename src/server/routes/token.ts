import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { FieldErrors } from '@/domain/entities';
import { messages } from '@/domain/messages';
import { hasErrors } from '@/domain/validation';
import { parseCookie, stringifySetCookie } from 'cookie';
import { LOGIN_DEVICE_COOKIE, LOGIN_DEVICE_COOKIE_PATH, LOGIN_DEVICE_LIFETIME_SECONDS } from '../auth/login-devices';
import { originOf } from '../auth/sessions';
import { renewSession, signIn, signOut } from '../auth/sign-in';
import { ApiError, badRequest, invalidToken, passwordChecksBusy, tooManyAttempts } from '../http/api-error';
import { FORM_CONTENT_TYPES, formBody } from '../http/form';
import { BadRequest, Detail } from '@/domain/schemas/common';
import { RefreshBody, SignInBody, TokenPair as TokenPairSchema } from '@/domain/schemas/token';
import type { Services } from '../services';

function requiredStrings(body: Partial<Record<string, string>>, names: string[]): Record<string, string> {
  const errors: FieldErrors = {};
  const values: Record<string, string> = {};
  for (const name of names) {
    const value = body[name];
    if (typeof value !== 'string' || value.trim() === '') errors[name] = [messages.required];
    else values[name] = value;
  }
  if (hasErrors(errors)) throw badRequest(errors);
  return values;
}

const deviceCookieHeader = (value: string, secure: boolean) =>
  stringifySetCookie({
    name: LOGIN_DEVICE_COOKIE,
    value,
    path: LOGIN_DEVICE_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure,
    maxAge: LOGIN_DEVICE_LIFETIME_SECONDS,
  });

/**
 * SimpleJWT's endpoints over HTTP: obtain a pair; refresh, rotating the refresh token; blacklist
 * (sign out). The rules are auth/sign-in.ts's; a route reads the request and answers the outcome.
 */
export const tokenRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  // The device cookie is read and written by these routes only (its Path is /api/token/).
  const secureCookie = services.config.publicUrl?.startsWith('https://') ?? false;
  const tags = ['Sesión'];
  // JSON, or a form as a browser without JavaScript sends it: one schema for both.
  const consumes = FORM_CONTENT_TYPES;

  app.post(
    '/token/',
    {
      preValidation: formBody(SignInBody),
      schema: {
        tags,
        consumes,
        summary: 'Inicia sesión',
        description:
          'Devuelve un par de tokens. Tras varios intentos fallidos por IP o usuario: 429 con Retry-After. ' +
          'Con demasiadas contraseñas comprobándose a la vez: 503 con Retry-After.',
        body: SignInBody,
        response: { 200: TokenPairSchema, 400: BadRequest, 401: Detail, 429: Detail, 503: Detail },
      },
    },
    async (request, reply) => {
      const { username, password } = requiredStrings(request.body, ['username', 'password']);
      const deviceCookie = parseCookie(request.headers.cookie ?? '')[LOGIN_DEVICE_COOKIE];
      const outcome = await signIn(services, { username, password, origin: originOf(request), deviceCookie });
      if (outcome.kind === 'busy') throw passwordChecksBusy();
      if (outcome.kind === 'throttled') throw tooManyAttempts(outcome.retryAfterSeconds);
      if (outcome.kind === 'refused') throw new ApiError(401, { detail: messages.invalidCredentials });
      // This browser is now known for this username: its attempts get a budget of their own.
      reply.header('Set-Cookie', deviceCookieHeader(outcome.deviceCookie, secureCookie));
      return outcome.pair;
    },
  );

  app.post(
    '/token/refresh/',
    {
      preValidation: formBody(RefreshBody),
      schema: {
        tags,
        consumes,
        summary: 'Renueva el par de tokens',
        description:
          'Devuelve un token de acceso nuevo y el token de renovación que sustituye al usado. ' +
          'Reenviado en los 30 s siguientes a su renovación, el token usado devuelve el mismo token de renovación que ' +
          'entregó su renovación (si sigue vigente) con un token de acceso nuevo; reenviado más tarde, ' +
          'se revoca toda la sesión de la que procede.',
        body: RefreshBody,
        response: { 200: TokenPairSchema, 400: BadRequest, 401: Detail },
      },
    },
    async (request) => {
      const pair = await renewSession(services, requiredStrings(request.body, ['refresh']).refresh, originOf(request));
      if (!pair) throw invalidToken();
      return pair;
    },
  );

  app.post(
    '/token/blacklist/',
    {
      preValidation: formBody(RefreshBody),
      schema: {
        tags,
        consumes,
        summary: 'Cierra la sesión',
        description: 'Revoca el token de renovación y todos los que procedan del mismo inicio de sesión.',
        body: RefreshBody,
        response: { 200: Type.Object({}), 400: BadRequest, 401: Detail },
      },
    },
    async (request) => {
      if (!(await signOut(services, requiredStrings(request.body, ['refresh']).refresh))) throw invalidToken();
      return {};
    },
  );
};
