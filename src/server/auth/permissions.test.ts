import type { FastifyRequest } from 'fastify';
import type { DbOrTrx } from '../db/database';
import { canSeeSignIns, mayCall, ROUTE_RULES } from './permissions';

const request = (method: string, url: string) => ({ method, routeOptions: { url }, params: {} }) as unknown as FastifyRequest;
const noDb = {} as DbOrTrx;

describe('the roles matrix', () => {
  it('lets an Administrador call every listed route, and a route nobody listed too', async () => {
    for (const route of Object.keys(ROUTE_RULES)) {
      const [method, url] = route.split(' ');
      if (ROUTE_RULES[route].editorMay) continue;
      expect(await mayCall('admin', request(method, url), noDb)).toBe(true);
    }
    expect(await mayCall('admin', request('POST', '/api/no-listada/'), noDb)).toBe(true);
  });

  it('keeps from an Editor the writes of sections, purges, Usuarios and any route nobody listed', async () => {
    for (const route of [
      'POST /api/sections/',
      'PATCH /api/sections/:id/',
      'DELETE /api/trash/:id/',
      'GET /api/users/',
      'POST /api/no-listada/',
    ]) {
      const [method, url] = route.split(' ');
      expect(await mayCall('editor', request(method, url), noDb)).toBe(false);
    }
    expect(await mayCall('editor', request('PATCH', '/api/publications/:id/'), noDb)).toBe(true);
    // HEAD is GET's.
    expect(await mayCall('editor', request('HEAD', '/api/sections/'), noDb)).toBe(true);
  });

  it('knows no role but the two', async () => {
    expect(await mayCall('owner', request('GET', '/api/sections/'), noDb)).toBe(false);
    expect(canSeeSignIns('admin')).toBe(true);
    expect(canSeeSignIns('editor')).toBe(false);
    expect(canSeeSignIns(undefined)).toBe(false);
  });
});
