import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/**
 * The API describes itself (issue 8): OpenAPI 3 generated from the routes'
 * schemas at /api/schema/, as DRF's schema view does, and a browsable page at
 * /api/docs/ whose scripts and styles are served from here (the CSP allows
 * scripts from the site only).
 */
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
          'Las rutas de administración piden `Authorization: Bearer <access>` (POST /api/token/).',
        version: '1.0.0',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list', deepLinking: false },
    theme: { title: 'API del Máster: documentación' },
  });
  app.get('/api/schema/', { schema: { hide: true } }, async () => app.swagger());
}
