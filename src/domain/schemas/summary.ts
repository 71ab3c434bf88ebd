import { Type, type Static } from 'typebox';

const Count = (description: string) => Type.Integer({ minimum: 0, description });

/** How much content there is, counted by the database (the admin landing: DECISIONS "Editing safely", counts come from counting). */
export const ContentSummary = Type.Object({
  sections: Type.Object({ total: Count('Todas las secciones'), visible: Count('Las visibles en el sitio') }),
  publications: Type.Object({ total: Count('Todas las publicaciones'), published: Count('Las publicadas') }),
  biographies: Type.Object({ total: Count('Todas las biografías'), active: Count('Las activas') }),
});

export type ContentSummary = Static<typeof ContentSummary>;
