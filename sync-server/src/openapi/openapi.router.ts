/** GET /api/openapi.json: the API reference, public like the README that links it. */
import Router from '@koa/router';
import { defineRoute, registeredRoutes } from '../http/route';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi.service';

export function openApiRouter(): Router {
  const router = new Router();
  // Built on first request, once every router has registered its routes; the routes never change after.
  let document: OpenApiDocument | undefined;
  defineRoute(router, 'openApiDocument', { access: 'public' }, async () => (document ??= buildOpenApiDocument(registeredRoutes)));
  return router;
}
