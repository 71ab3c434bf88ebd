import { CONTENT_KIND, CONTENT_KINDS, kindTitle, kindWithArticle } from '@/domain/content-kinds';
import { KIND_SCHEMAS } from '@/domain/schemas/kinds';
import { ROUTE_RULES } from '@/server/auth/permissions';
import { startApiServer, type TestServer } from '../helpers/api-server';
import { operationsOf, type OpenApiDocument } from './openapi-support';

/**
 * Every kind of the registry (src/domain/content-kinds.ts) is wired where the
 * kinds are treated alike: the compiler checks that every registry has it
 * (docs/adding-a-content-type.md); this checks what it serves. A kind that
 * compiles but whose routes were not registered fails here.
 */

let server: TestServer;
let doc: OpenApiDocument;

beforeAll(async () => {
  server = await startApiServer();
  doc = (await server.request('GET', '/api/schema/')).body as OpenApiDocument;
});
afterAll(async () => server.close());

describe.each(CONTENT_KINDS)('the kind %s', (kind) => {
  const base = `/api/${CONTENT_KIND[kind].collection}/`;
  const operations = () => operationsOf(doc).map(({ method, path }) => `${method.toUpperCase()} ${path}`);

  it('has its list, record, Historial, presence and (when ordered) reorder operations in the API document, under its tag', () => {
    const expected = [
      `GET ${base}`,
      `POST ${base}`,
      `GET ${base}{id}/`,
      `PATCH ${base}{id}/`,
      `DELETE ${base}{id}/`,
      `GET ${base}{id}/revisions/`,
      `GET ${base}{id}/revisions/{revisionId}/`,
      `POST ${base}{id}/revisions/{revisionId}/restore/`,
      `POST ${base}{id}/presence/`,
      `DELETE ${base}{id}/presence/`,
      ...(CONTENT_KIND[kind].ordered ? [`PATCH ${base}reorder/`] : []),
    ];
    expect(expected.filter((operation) => !operations().includes(operation))).toEqual([]);
    const shared = operationsOf(doc).filter(({ method, path }) => expected.includes(`${method.toUpperCase()} ${path}`));
    for (const { operation } of shared) expect((operation as { tags?: string[] }).tags).toEqual([kindTitle(kind)]);
  });

  it('takes an Idempotency-Key on its creation, edits and deletes', () => {
    const saves = operationsOf(doc).filter(
      ({ method, path }) => (method === 'post' && path === base) || (['patch', 'delete'].includes(method) && path === `${base}{id}/`),
    );
    expect(saves).toHaveLength(3);
    for (const { operation } of saves) expect(operation.parameters?.map((parameter) => parameter.name)).toContain('Idempotency-Key');
  });

  it('is in the roles matrix: both roles read it, and an Editor writes it only when the registry says so', () => {
    const writers = CONTENT_KIND[kind].editorWrites ? ['admin', 'editor'] : ['admin'];
    expect(ROUTE_RULES[`GET ${base}`]?.roles).toEqual(['admin', 'editor']);
    expect(ROUTE_RULES[`GET ${base}:id/revisions/`]?.roles).toEqual(['admin', 'editor']);
    expect(ROUTE_RULES[`PATCH ${base}:id/`]?.roles).toEqual(writers);
    expect(ROUTE_RULES[`POST ${base}:id/presence/`]?.roles).toEqual(writers);
  });

  it('is a kind the trash lists and a restore answers', () => {
    const trashKinds = (doc.components.schemas.TrashKind.anyOf as { enum: string[] }[]).flatMap((choice) => choice.enum);
    expect(trashKinds).toContain(kind);
    const restored = (doc.components.schemas.RestoredItem.anyOf as { $ref: string }[]).map((choice) => choice.$ref);
    expect(restored).toContain(`#/components/schemas/${(KIND_SCHEMAS[kind].record as { title?: string }).title}`);
  });

  it('answers 404 with its own sentence for a record that does not exist, in its Historial and its presence', async () => {
    const token = await server.adminToken();
    const history = await server.request('GET', `${base}999999/revisions/`, { token });
    const presence = await server.request('POST', `${base}999999/presence/`, { token, json: { tab: 'pestana-de-prueba' } });
    expect([history.status, presence.status]).toEqual([404, 404]);
    expect(presence.body).toEqual(history.body);
    expect(history.body.detail).toMatch(new RegExp(`^No se encontró ${kindWithArticle(kind)}`));
  });
});
