import { Type, type Static } from 'typebox';

const Count = (description: string) => Type.Integer({ minimum: 0, description });

/** How much content there is, counted by the database (the admin landing: DECISIONS "Editing safely", counts come from counting). */
export const ContentSummary = Type.Object(
  {
    sections: Type.Object({ total: Count('Todas las secciones'), visible: Count('Las visibles en el sitio') }),
    publications: Type.Object({ total: Count('Todas las publicaciones'), published: Count('Las publicadas') }),
    biographies: Type.Object({ total: Count('Todas las biografías'), active: Count('Las activas') }),
    locked_usernames: Type.Array(Type.String(), {
      description:
        'Administradores bloqueados ahora para los navegadores desconocidos por intentos fallidos de inicio de sesión (los navegadores donde ya iniciaron sesión siguen entrando)',
    }),
  },
  { title: 'ContentSummary' },
);

export type ContentSummary = Static<typeof ContentSummary>;
