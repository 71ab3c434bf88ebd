import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { CONTENT_KIND, CONTENT_KINDS } from '@/domain/content-kinds';
import { messages } from '@/domain/messages';

/**
 * The API describes itself: OpenAPI 3.1 generated from the routes' schemas at
 * /api/schema/, as DRF's schema view does, and a browsable page at /api/docs/
 * whose scripts and styles are served from here (the CSP allows scripts from
 * the site only).
 *
 * The document is meant for generated clients (docs/decisions/152), so the
 * rules that hold for every route are written here once rather than in each
 * route: an operationId made from the method and the path, the answers any
 * route of a kind can give (400 everywhere, 401 and 403 behind a token, 404
 * 'Página no válida.' on paged lists, 413 and 415 where a body is read, 422
 * where a save may repeat), and every titled schema lifted into
 * components.schemas.
 */

type Json = Record<string, unknown>;
type Operation = Json & {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
  requestBody?: Json;
  responses: Record<string, Json>;
};

const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;

/** Tags with what each groups; an operation outside /api/ is the site's. */
const TAGS: Record<string, string> = {
  Sesión: 'Inicio de sesión con tokens JWT (SimpleJWT): obtener, renovar y cerrar',
  Público: 'Lo que lee el sitio público, sin identificarse',
  Secciones: 'Administración de secciones',
  Publicaciones: 'Administración de publicaciones',
  Biografías: 'Administración de biografías (cuerpo docente)',
  Imágenes: 'Subida de imágenes',
  Resumen: 'Resumen del contenido para la portada del panel',
  Papelera: 'Elementos eliminados, que se pueden restaurar',
  Historial: 'Versiones guardadas de cada elemento',
  Actividad: 'Registro de actividad',
  Cuenta: 'Mi cuenta: la cuenta propia, su contraseña y sus sesiones abiertas',
  Usuarios: 'Cuentas del personal (solo Administradores), enlaces de invitación o restablecimiento y el correo del sitio',
  Ajustes: 'Ajustes del sitio: contacto, datos del programa, plazo de admisión, redes sociales y grupo de investigación',
  Sitio: 'Documentos del sitio para buscadores (no son JSON)',
};
const SITE_TAG = 'Sitio';

/** What the site's own documents are, for the operations outside /api/ that declare no summary. */
const SITE_DOCUMENTS: Record<string, string> = {
  '/': 'La portada del sitio público (HTML); las demás páginas del sitio y del panel se sirven igual',
  '/robots.txt': 'Instrucciones para los rastreadores, con la dirección del mapa del sitio',
  '/sitemap.xml': 'Índice de los mapas del sitio (XML)',
  '/sitemap-{part}.xml': 'Una parte del mapa del sitio (XML)',
};

const detailRef = { $ref: '#/components/schemas/Detail' };
const badRequestRef = { $ref: '#/components/schemas/BadRequest' };
const answer = (description: string, schema: Json = detailRef): Json => ({ description, content: { 'application/json': { schema } } });

/** The answers a rule adds when the route does not describe them itself. */
const COMMON_ANSWERS = {
  badInput: answer('Petición no válida: errores por campo {"campo": ["mensaje"]} o {"detail"}', badRequestRef),
  unauthenticated: answer(`Sin token, o con uno no válido: '${messages.notAuthenticated}' o '${messages.invalidToken}'`),
  forbidden: answer("El usuario no tiene el rol que pide la operación: 'No tiene permiso para realizar esta acción.'"),
  notFound: answer(`Nada con ese identificador: '${messages.notFound}' o el mensaje del recurso ('No se encontró la publicación')`),
  invalidPage: answer(`No encontrado, o una página que no existe: '${messages.invalidPage}'`),
  tooLarge: answer(`El cuerpo, o una imagen, supera el límite: '${messages.payloadTooLarge}'`),
  unsupportedType: answer(`El cuerpo no viene en un tipo de contenido admitido: '${messages.unsupportedMediaType}'`),
  keyReused: answer(`La Idempotency-Key ya se usó para otra petición: '${messages.idempotencyKeyReused}'`),
};

const idempotencyKey = {
  in: 'header',
  name: 'Idempotency-Key',
  required: false,
  description:
    'Una clave por intento de guardar (1 a 255 caracteres ASCII visibles): si la misma petición llega dos veces, la segunda recibe la respuesta de la primera',
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
};

/** The operations that save or delete content and so accept Idempotency-Key (routes' saveAttemptOf). */
/** The kinds' collections, as a regular expression's group: (publications|sections|biographies). */
const COLLECTIONS = `(${CONTENT_KINDS.map((kind) => CONTENT_KIND[kind].collection).join('|')})`;
const CREATE_OR_EDIT = new RegExp(`^/api/${COLLECTIONS}/(\\{id\\}/)?$`);
const DELETE = new RegExp(`^/api/${COLLECTIONS}/\\{id\\}/$`);
const isSave = (method: string, path: string): boolean =>
  (['post', 'patch'].includes(method) && CREATE_OR_EDIT.test(path)) ||
  (method === 'delete' && DELETE.test(path)) ||
  (method === 'post' && /^\/api\/.*\/restore\/$/.test(path));

const camel = (words: string[]): string =>
  words.map((word, index) => (index === 0 ? word.toLowerCase() : word[0].toUpperCase() + word.slice(1).toLowerCase())).join('');

/**
 * A stable name for an operation, in drf-spectacular's manner and camelCase:
 * the path's words without its parameters, then what the method does there
 * (GET /api/publications/{id}/revisions/ is publicationsRevisionsList).
 */
function operationIdOf(method: string, path: string, operation: Operation): string {
  const segments = path.split('/').filter(Boolean);
  const endsWithParameter = /^\{[^}]+\}$/.test(segments.at(-1) ?? '');
  const words = segments
    .filter((segment) => !/^\{[^}]+\}$/.test(segment))
    .flatMap((segment) => segment.replace(/[{}]/g, ' ').split(/[^A-Za-z0-9]+/))
    .filter((word) => word && word !== 'api');
  const schema = (operation.responses['200']?.content as Record<string, { schema?: Json }> | undefined)?.['application/json']?.schema;
  const listed = schema !== undefined && (schema.type === 'array' || String(schema.$ref ?? '').includes('/Paginated'));
  const action =
    method === 'get'
      ? endsWithParameter || !listed
        ? 'retrieve'
        : 'list'
      : { post: 'create', put: 'update', patch: 'partial update', delete: 'destroy' }[method]!;
  return camel([...(words.length > 0 ? words : ['home']), ...action.split(' ')]);
}

function describeOperation(method: string, path: string, operation: Operation): void {
  const inApi = path.startsWith('/api/');
  if (!inApi) operation.summary ??= SITE_DOCUMENTS[path] ?? 'Un documento del sitio';
  operation.description ??= operation.summary;
  if (!inApi && (operation.tags ?? []).length === 0) operation.tags = [SITE_TAG];
  const { responses } = operation;
  const add = (status: string, response: Json) => {
    responses[status] ??= response;
  };
  const parameters = operation.parameters ?? [];
  // An address whose parameter names nothing that exists.
  if (parameters.some((parameter) => parameter.in === 'path')) add('404', COMMON_ANSWERS.notFound);
  if (!inApi) return;
  // Any query parameter, declared or not, is refused with a field error when it holds a control character (http/control-characters.ts).
  add('400', COMMON_ANSWERS.badInput);
  if ((operation.security ?? []).length > 0) {
    add('401', COMMON_ANSWERS.unauthenticated);
    add('403', COMMON_ANSWERS.forbidden);
  }
  if (parameters.some((parameter) => parameter.in === 'query' && parameter.name === 'page')) add('404', COMMON_ANSWERS.invalidPage);
  if (operation.requestBody) {
    add('413', COMMON_ANSWERS.tooLarge);
    add('415', COMMON_ANSWERS.unsupportedType);
  }
  if (isSave(method, path)) {
    if (!parameters.some((parameter) => parameter.name === idempotencyKey.name)) operation.parameters = [...parameters, idempotencyKey];
    add('422', COMMON_ANSWERS.keyReused);
  }
}

/** The multipart fields that carry a file rather than text; in JSON the same names carry an uploaded image's address. */
const FILE_FIELDS = ['featured_image', 'photo', 'image'];
const imageFile = {
  type: 'string',
  contentMediaType: 'image/*',
  description: 'El archivo de imagen (JPG, PNG, GIF o WEBP, hasta 5 MB)',
};
/** The operations that take one uploaded image and nothing else (multipart read by the route itself). */
const isImageUpload = (method: string, path: string): boolean =>
  method === 'post' && (path === '/api/upload-image/' || path.endsWith('/upload_cell_image/'));

/**
 * Multipart bodies field by field: the same fields as the JSON form (text
 * converted by the declared types), the image fields as files, each form a
 * component of its own (`PublicationCreateForm`).
 */
function describeMultipart(method: string, path: string, operation: Operation, schemas: Record<string, Json>): void {
  if (!operation.requestBody && isImageUpload(method, path)) {
    schemas.ImageUpload ??= {
      type: 'object',
      properties: { image: imageFile },
      required: ['image'],
      additionalProperties: false,
    };
    operation.requestBody = {
      required: true,
      content: { 'multipart/form-data': { schema: { $ref: '#/components/schemas/ImageUpload' } } },
    };
    return;
  }
  const content = operation.requestBody?.content as Record<string, { schema?: Json }> | undefined;
  const form = content?.['multipart/form-data'];
  const ref = typeof form?.schema?.$ref === 'string' ? form.schema.$ref : undefined;
  if (!form || !ref) return;
  const name = ref.split('/').at(-1)!;
  const fields = schemas[name];
  if (!fields || typeof fields.properties !== 'object') return;
  const formName = `${name}Form`;
  const properties = { ...(fields.properties as Record<string, Json>) };
  for (const field of FILE_FIELDS) if (field in properties) properties[field] = imageFile;
  schemas[formName] ??= { ...fields, title: formName, properties };
  form.schema = { $ref: `#/components/schemas/${formName}` };
}

const isSchema = (node: Json): boolean =>
  ['type', 'properties', 'anyOf', 'oneOf', 'allOf', 'enum', 'items', 'patternProperties'].some((key) => key in node);

/**
 * Replaces every titled schema under `node` with a reference to
 * components.schemas[title], innermost first, so that each named shape is
 * written once. Two different shapes under one title keep the second inline
 * rather than pass for the first.
 */
function liftNamedSchemas(node: unknown, components: Record<string, Json>): unknown {
  if (Array.isArray(node)) return node.map((item) => liftNamedSchemas(item, components));
  if (node === null || typeof node !== 'object') return node;
  const lifted: Json = {};
  for (const [key, value] of Object.entries(node)) {
    // Examples, defaults and choices are values, not schemas.
    lifted[key] = ['example', 'examples', 'default', 'enum', 'const'].includes(key) ? value : liftNamedSchemas(value, components);
  }
  const title = lifted.title;
  if (typeof title !== 'string' || !/^[A-Za-z][A-Za-z0-9]*$/.test(title) || !isSchema(lifted)) return lifted;
  const known = components[title];
  if (known && JSON.stringify(known) !== JSON.stringify(lifted)) return lifted;
  components[title] = lifted;
  return { $ref: `#/components/schemas/${title}` };
}

function finishDocument(document: Json): Json {
  const paths = document.paths as Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
  const components = (document.components ?? {}) as Json & { schemas?: Record<string, Json> };
  const schemas: Record<string, Json> = { ...components.schemas };
  const lifted = liftNamedSchemas(paths, schemas) as typeof paths;
  const used = new Set<string>();
  const tags = new Set<string>();
  for (const [path, item] of Object.entries(lifted)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      describeMultipart(method, path, operation, schemas);
      describeOperation(method, path, operation);
      let id = operation.operationId ?? operationIdOf(method, path, operation);
      for (let n = 2; used.has(id); n++) id = `${operationIdOf(method, path, operation)}${n}`;
      used.add(id);
      operation.operationId = id;
      for (const tag of operation.tags ?? []) tags.add(tag);
    }
  }
  return {
    ...document,
    tags: [...tags].map((name) => ({ name, ...(TAGS[name] !== undefined && { description: TAGS[name] }) })),
    paths: lifted,
    components: { ...components, schemas: Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b))) },
  };
}

export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'API del Máster en Educación Emocional y Convivencia Escolar',
        description:
          'Contenido público (publicaciones y cuerpo docente) y administración de secciones, publicaciones y biografías. ' +
          'Convenciones de Django REST Framework: barras finales, páginas {count, next, previous, results} con page y page_size, ' +
          'errores {"campo": ["mensaje"]} o {"detail": "mensaje"} en español. ' +
          'Las rutas de administración piden `Authorization: Bearer <access>` (POST /api/token/). ' +
          'Los cuerpos JSON se leen tal como el documento los describe: sin convertir tipos y sin campos desconocidos.',
        version: '1.0.0',
        contact: { name: 'Máster en Educación Emocional y Convivencia Escolar' },
        license: { name: 'GPL-3.0-or-later', identifier: 'GPL-3.0-or-later' },
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transformObject: (documents) =>
      'openapiObject' in documents
        ? (finishDocument(documents.openapiObject as Json) as typeof documents.openapiObject)
        : documents.swaggerObject,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list', deepLinking: false },
    theme: { title: 'API del Máster: documentación' },
  });
  // The server is the site's public origin, so that a client generated from the document reaches this very site.
  app.get('/api/schema/', { schema: { hide: true } }, async () => ({ ...app.swagger(), servers: [{ url: app.publicOrigin() }] }));
}
