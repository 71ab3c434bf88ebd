import type { FastifyRequest } from 'fastify';
import { isRole, type Role } from '@/domain/accounts';
import { isRecord } from '@/domain/guards';
import { CONTENT_KIND, CONTENT_KINDS, mayWriteKind, type ContentKind } from '@/domain/content-kinds';
import type { DbOrTrx } from '../db/database';

/**
 * The roles matrix, in one place: for every route of the admin scope, which
 * roles may call it. The admin scope's hook (plugins/auth.ts) reads this table
 * on every request, after the token and the account were checked; a route
 * missing from it is an Administrador's only, and a test lists every
 * registered route against it so that none is forgotten.
 *
 * An Editor writes the kinds of content the registry says (publications and
 * biographies: src/domain/content-kinds.ts `editorWrites`) and reads the others
 * (sections), which are written, restored and purged by Administradores only,
 * as are the accounts of others. Some rules depend on the item, not the
 * route: restoring from the trash is an Editor's right for those kinds only.
 */

const BOTH: readonly Role[] = ['admin', 'editor'];
const ADMIN: readonly Role[] = ['admin'];

export interface RouteRule {
  roles: readonly Role[];
  /** For an Editor allowed by `roles`: a further check of what the request touches. */
  editorMay?: (request: FastifyRequest, db: DbOrTrx, userId: number) => Promise<boolean>;
}

/** Whether a role may restore a trash entry of this kind (a single restore or a bulk one): as it may write the kind. */
export const mayRestoreKind = mayWriteKind;

/** The `{id}` of the request's path, before its route's schema read it: NaN when there is none. */
function idParam(request: FastifyRequest): number {
  const params: unknown = request.params;
  return isRecord(params) && typeof params.id === 'string' ? Number(params.id) : NaN;
}

/** The trash entry a restore names is of a kind an Editor writes. */
async function editorWritesEntry(request: FastifyRequest, db: DbOrTrx): Promise<boolean> {
  const id = idParam(request);
  if (!Number.isSafeInteger(id)) return true; // The route answers 404 itself.
  const entry = await db.selectFrom('trash').select('kind').where('id', '=', id).executeTakeFirst();
  return mayRestoreKind('editor', entry?.kind);
}

/** The private link a revoke names was made by this person (or does not exist: the route answers 404 itself). */
async function ownPreviewLink(request: FastifyRequest, db: DbOrTrx, userId: number): Promise<boolean> {
  const id = idParam(request);
  if (!Number.isSafeInteger(id)) return true;
  const link = await db.selectFrom('preview_links').select('created_by_id').where('id', '=', id).executeTakeFirst();
  return !link || link.created_by_id === userId;
}

/**
 * A kind's routes: both roles read it and its Historial; who writes it
 * (create, edit, reorder, delete, restore a version) the registry says, and
 * presence follows the right to edit the record.
 */
function contentRoutes(kind: ContentKind): Record<string, RouteRule> {
  const path = `/api/${CONTENT_KIND[kind].collection}/`;
  const writers = CONTENT_KIND[kind].editorWrites ? BOTH : ADMIN;
  return {
    [`GET ${path}`]: { roles: BOTH },
    [`GET ${path}:id/`]: { roles: BOTH },
    [`GET ${path}:id/revisions/`]: { roles: BOTH },
    [`GET ${path}:id/revisions/:revisionId/`]: { roles: BOTH },
    [`POST ${path}`]: { roles: writers },
    [`PATCH ${path}:id/`]: { roles: writers },
    [`DELETE ${path}:id/`]: { roles: writers },
    [`POST ${path}:id/revisions/:revisionId/restore/`]: { roles: writers },
    [`POST ${path}:id/presence/`]: { roles: writers },
    [`DELETE ${path}:id/presence/`]: { roles: writers },
    ...(CONTENT_KIND[kind].ordered && { [`PATCH ${path}reorder/`]: { roles: writers } }),
  };
}

/** Keys are 'METHOD pattern', the pattern as Fastify registered it (request.routeOptions.url). */
export const ROUTE_RULES: Record<string, RouteRule> = {
  ...Object.fromEntries(CONTENT_KINDS.flatMap((kind) => Object.entries(contentRoutes(kind)))),
  // Each item is then checked as its own request would be (a section's trash entry: mayRestoreKind).
  'POST /api/publications/bulk/': { roles: BOTH },

  'POST /api/upload-image/': { roles: BOTH },
  'POST /api/publications/:id/upload_cell_image/': { roles: BOTH },
  // 'Reemplazar archivo': as an item's edit (docs/decisions/192).
  'POST /api/media/:id/replace/': { roles: BOTH },

  // Private preview links: anyone makes them; an Editor revokes their own, an Administrador any.
  'GET /api/publications/:id/preview-links/': { roles: BOTH },
  'POST /api/publications/:id/preview-links/': { roles: BOTH },
  'DELETE /api/preview-links/:id/': { roles: BOTH, editorMay: ownPreviewLink },

  'GET /api/trash/': { roles: BOTH },
  'POST /api/trash/:id/restore/': { roles: BOTH, editorMay: editorWritesEntry },
  // 'Eliminar definitivamente'.
  'DELETE /api/trash/:id/': { roles: ADMIN },

  // An Editor's answers leave out sign-ins, addresses and locked usernames (canSeeSignIns).
  'GET /api/summary/': { roles: BOTH },
  'GET /api/dashboard/': { roles: BOTH },
  'GET /api/activity/': { roles: BOTH },
  'GET /api/activity/people/': { roles: BOTH },

  // Mi cuenta: everyone's own.
  'GET /api/account/': { roles: BOTH },
  'POST /api/account/password/': { roles: BOTH },
  'POST /api/account/email/': { roles: BOTH },
  'GET /api/account/sessions/': { roles: BOTH },
  'DELETE /api/account/sessions/:id/': { roles: BOTH },
  'POST /api/account/sessions/close-others/': { roles: BOTH },

  // 'Ajustes del sitio': read by anyone (every public page shows them), changed by an Administrador.
  'GET /api/settings/': { roles: BOTH },
  'PATCH /api/settings/': { roles: ADMIN },

  // Usuarios.
  'GET /api/users/': { roles: ADMIN },
  'POST /api/users/': { roles: ADMIN },
  'PATCH /api/users/:id/': { roles: ADMIN },
  'POST /api/users/:id/invitation/': { roles: ADMIN },
  'DELETE /api/users/:id/preview-links/': { roles: ADMIN },
  // 'Correo': who was mailed what, and how it went.
  'GET /api/outbox/': { roles: ADMIN },
};

/** The rule of a request's route; HEAD is GET's. */
function ruleOf(method: string, url: string | undefined): RouteRule | undefined {
  if (url === undefined) return undefined;
  return ROUTE_RULES[`${method === 'HEAD' ? 'GET' : method} ${url}`];
}

/** Whether a role may make this request; `userId` is who asks (some rules look at who made what). */
export async function mayCall(role: string, request: FastifyRequest, db: DbOrTrx, userId = 0): Promise<boolean> {
  const rule = ruleOf(request.method, request.routeOptions.url) ?? { roles: ADMIN };
  if (!isRole(role) || !rule.roles.includes(role)) return false;
  if (role === 'admin' || !rule.editorMay) return true;
  return rule.editorMay(request, db, userId);
}

/** Whether a role sees sign-ins, their addresses and locked usernames (Actividad, the landing's summary). */
export const canSeeSignIns = (role: string | undefined): boolean => role === 'admin';
