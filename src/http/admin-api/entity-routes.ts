// The four routes every admin resource has (docs/catalog.md#admin-api): list (paged, optionally
// filtered), read, create or replace (PUT: 201 or 200), delete (204). Each resource's file says what
// differs: its path and parameter, its schemas, its service and how an entity is shown.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';
import type {} from '@fastify/swagger'; // its FastifySchema fields: operationId, summary, tags, security
import type { Page, PageRequest, PutResult } from '../../services/admin/index.ts';
import type { Actor } from '../../services/audit.ts';
import { principalOf } from '../plugins/authenticate.ts';
import { singleValuedQuery } from '../plugins/query-guards.ts';
import { presentPage } from './presenters.ts';
import { ADMIN_SECURITY, ADMIN_TAGS, Deleted, PAGE_PARAMETERS, adminErrorResponses } from './schemas.ts';

export interface AdminEntityRoutes<E, P extends PutResult<E>> {
  /** The collection's path under /admin/v1, e.g. `/stores`. */
  path: string;
  /** The path parameter naming one entity, and its schema. */
  param: string;
  params: TSchema;
  /** Resource name in operationIds: adminList{plural}, adminGet{singular}, … */
  singular: string;
  plural: string;
  summaries: { list: string; get: string; put: string; delete: string };
  /** A delete the references forbid answers 409 (a merchant that still has stores or clients). */
  deleteMayConflict?: boolean;
  /** The list's query schema, and the one filter it may carry besides the page (e.g. merchantId). */
  listQuery: TSchema;
  listFilter?: string;
  schemas: { page: TSchema; entity: TSchema; body: TSchema; putResponse?: TSchema };
  service: {
    list(request: PageRequest & Record<string, unknown>): Promise<Page<E>>;
    get(id: string): Promise<E>;
    put(id: string, body: unknown, actor: Actor): Promise<P>;
    delete(id: string, actor: Actor): Promise<void>;
  };
  present(entity: E): unknown;
  /** What a PUT answers; default: the entity as stored. */
  presentPut?(result: P): unknown;
}

/** Who makes an admin write, for the audit trail: the authenticated client and this request's id (X-Request-Id). */
export function actorOf(request: FastifyRequest): Actor {
  return { type: 'client', id: principalOf(request).clientId, traceId: request.id };
}

export function adminEntityRoutes<E, P extends PutResult<E>>(app: FastifyInstance, r: AdminEntityRoutes<E, P>): void {
  const one = `${r.path}/:${r.param}`;
  const common = { tags: ADMIN_TAGS, security: ADMIN_SECURITY };
  const idOf = (params: unknown) => (params as Record<string, string>)[r.param]!;
  const filters = r.listFilter ? [r.listFilter] : [];

  app.get(
    r.path,
    {
      schema: {
        ...common,
        operationId: `adminList${r.plural}`,
        summary: r.summaries.list,
        querystring: r.listQuery,
        response: { 200: r.schemas.page, ...adminErrorResponses(400) },
      },
      preValidation: singleValuedQuery([...PAGE_PARAMETERS, ...filters], []),
    },
    async (request) => {
      const { page = 0, size = 100, ...rest } = request.query as { page?: number; size?: number } & Record<string, unknown>;
      const filter = Object.fromEntries(filters.map((name) => [name, rest[name]]));
      return presentPage(await r.service.list({ page, size, ...filter }), (entity) => r.present(entity));
    },
  );

  app.get(
    one,
    {
      schema: {
        ...common,
        operationId: `adminGet${r.singular}`,
        summary: r.summaries.get,
        params: r.params,
        response: { 200: r.schemas.entity, ...adminErrorResponses(400, 404) },
      },
    },
    async (request) => r.present(await r.service.get(idOf(request.params))),
  );

  const putResponse = r.schemas.putResponse ?? r.schemas.entity;
  app.put(
    one,
    {
      schema: {
        ...common,
        operationId: `adminPut${r.singular}`,
        summary: r.summaries.put,
        params: r.params,
        body: r.schemas.body,
        response: { 200: putResponse, 201: putResponse, ...adminErrorResponses(400, 413, 415) },
      },
    },
    async (request, reply) => {
      const result = await r.service.put(idOf(request.params), request.body, actorOf(request));
      return reply.code(result.created ? 201 : 200).send(r.presentPut ? r.presentPut(result) : r.present(result.entity));
    },
  );

  app.delete(
    one,
    {
      schema: {
        ...common,
        operationId: `adminDelete${r.singular}`,
        summary: r.summaries.delete,
        params: r.params,
        response: { 204: Deleted, ...(r.deleteMayConflict ? adminErrorResponses(400, 404, 409) : adminErrorResponses(400, 404)) },
      },
    },
    async (request, reply) => {
      await r.service.delete(idOf(request.params), actorOf(request));
      return reply.code(204).send(null);
    },
  );
}
