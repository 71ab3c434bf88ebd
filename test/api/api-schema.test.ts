import { createRequire } from 'node:module';
import { messages } from '@/domain/messages';
import { startApiServer, type TestServer } from '../helpers/api-server';

/**
 * The OpenAPI 3.1 JSON Schema as the OpenAPI Initiative publishes it, checked
 * with the Ajv that @seriousme/openapi-schema-validator ships for it.
 */
const fromValidator = createRequire(require.resolve('@seriousme/openapi-schema-validator/package.json'));
const Ajv2020 = fromValidator('ajv/dist/2020').default;
const addFormats = fromValidator('ajv-formats').default ?? fromValidator('ajv-formats');
const openApi31 = fromValidator('./schemas/v3.1/schema.json');

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startApiServer();
  token = await server.adminToken();
}, 30_000);
afterAll(async () => server.close());

describe('GET /api/schema/', () => {
  it('answers an OpenAPI 3.1 document that validates against the OpenAPI schema', async () => {
    const reply = await server.request('GET', '/api/schema/');
    expect(reply.status).toBe(200);
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addFormat('media-range', true);
    const validate = ajv.compile(openApi31);
    const valid = validate(reply.body);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('describes the routes from their schemas, in Spanish where it speaks to people', async () => {
    const doc = (await server.request('GET', '/api/schema/')).body;
    expect(doc.info.title).toBe('API del Máster en Educación Emocional y Convivencia Escolar');
    const sections = doc.paths['/api/sections/{id}/'];
    expect(sections.patch.summary).toBe('Edita una sección');
    expect(Object.keys(sections.patch.responses).sort()).toEqual(['200', '400', '401', '403', '404', '409', '413', '415', '422']);
    expect(sections.patch.operationId).toBe('sectionsPartialUpdate');
    const page = doc.paths['/api/sections/'].get.responses['200'].content['application/json'].schema;
    expect(page).toEqual({ $ref: '#/components/schemas/PaginatedSectionList' });
    expect(doc.components.schemas.PaginatedSectionList.properties.results.items).toEqual({ $ref: '#/components/schemas/Section' });
    expect(doc.components.schemas.Section.properties).toHaveProperty('version');
    // Multipart bodies field by field, the image as a file.
    const upload = doc.paths['/api/upload-image/'].post.requestBody.content['multipart/form-data'].schema;
    expect(doc.components.schemas[upload.$ref.split('/').at(-1)].properties.image.contentMediaType).toBe('image/*');
    const form = doc.paths['/api/publications/{id}/'].patch.requestBody.content['multipart/form-data'].schema;
    expect(doc.components.schemas[form.$ref.split('/').at(-1)].properties.featured_image.contentMediaType).toBe('image/*');
    expect(doc.paths['/api/summary/'].get.security).toEqual([{ bearer: [] }]);
  });
});

describe('GET /api/docs/', () => {
  it('serves a browsable page whose scripts come from this site, under the site CSP', async () => {
    const page = await server.request('GET', '/api/docs/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const scripts = [...String(page.body).matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src).not.toMatch(/^https?:/);
      expect((await server.request('GET', new URL(src, `${server.url}/api/docs/`).pathname)).status).toBe(200);
    }
    expect(String(page.body)).not.toMatch(/<script>(?!\s*<\/script>)/);
  });
});

describe('schema errors', () => {
  it('come back as Spanish field errors, every field at once', async () => {
    const reply = await server.request('POST', '/api/sections/', {
      token,
      json: { title: { a: 1 }, is_active: 'quizá', order: 1.5, version: 'x' },
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      title: [messages.invalidText],
      is_active: [messages.invalidBoolean],
      order: [messages.invalidInteger],
      // A create has no version to start from: the field is unknown to its body.
      version: [messages.unknownField],
    });
  });

  it('refuse unknown fields and coerce no JSON value, as the document says', async () => {
    const reply = await server.request('POST', '/api/sections/', {
      token,
      json: { title: 123, is_active: 'false', order: ' ', slug: 'impuesto', id: 999 },
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      title: [messages.invalidText],
      is_active: [messages.invalidBoolean],
      order: [messages.invalidInteger],
      slug: [messages.unknownField],
      id: [messages.unknownField],
    });
    expect((await server.request('POST', '/api/sections/', { token, json: { title: true } })).body).toEqual({
      title: [messages.invalidText],
    });
  });
});
