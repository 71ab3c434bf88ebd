import { Type } from 'typebox';

/** Sign-in (JSON or a form). Blank fields are refused by the route with the field's Spanish message. */
export const SignInBody = Type.Object(
  { username: Type.Optional(Type.String()), password: Type.Optional(Type.String()) },
  { title: 'SignIn', additionalProperties: false },
);

export const RefreshBody = Type.Object({ refresh: Type.Optional(Type.String()) }, { title: 'Refresh', additionalProperties: false });

export const TokenPair = Type.Object(
  {
    access: Type.String({ description: 'Token de acceso (5 minutos por omisión)' }),
    refresh: Type.String({ description: 'Token de renovación (1 día por omisión); sirve una sola vez' }),
  },
  { title: 'TokenPair' },
);
