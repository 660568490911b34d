import type { Readable } from 'node:stream';
import {
  type BodyOf,
  defaultBodyLimit,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
  type RouteDefinition,
  type RouteName,
  type RouteOf,
  routes,
  type SuccessStatus,
  type SuccessStatusOf,
} from '@coach/api';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';

/** The request and reply types of a contract route, by its schemas: Fastify's route generic. */
type ContractRouteGeneric<Name extends RouteName> = {
  Params: ParamsOf<Name>;
  Querystring: QueryOf<Name>;
  // A route without a JSON body schema takes raw bytes (uploads), or nothing.
  Body: BodyOf<Name> extends undefined ? unknown : BodyOf<Name>;
  /** Each status of the route's response table with its answer (`reply.status(s).send(...)`). */
  Reply: { [Status in keyof RouteOf<Name>['response'] & number]: ReplyBody<Name, Status> };
};

/**
 * What the server sends for a status: bytes (or a stream of them) for a binary answer, else the
 * schema's type.
 */
type ReplyBody<Name extends RouteName, Status> =
  RouteOf<Name> extends {
    responseContentTypes: readonly string[];
  }
    ? Status extends SuccessStatus
      ? Uint8Array | Readable
      : ResponseOf<Name, Status & keyof RouteOf<Name>['response']>
    : ResponseOf<Name, Status & keyof RouteOf<Name>['response']>;

/** A request of a contract route: `params`, `query` and `body` typed by the route's schemas. */
export type ContractRequest<Name extends RouteName> = FastifyRequest<ContractRouteGeneric<Name>>;

/** The reply of a contract route: `status(s).send(...)` only with that status's answer. */
type ContractReply<Name extends RouteName> = FastifyReply<ContractRouteGeneric<Name>>;

/**
 * A route's handler: answers the route's success value, or the reply once it has sent another
 * of the route's statuses itself.
 */
type ContractHandler<Name extends RouteName> = (
  request: ContractRequest<Name>,
  reply: ContractReply<Name>,
) => Promise<HandlerAnswer<Name>>;

/**
 * A returned value is sent with the reply's status at that moment (200 unless the handler set
 * another, as the client writes do for 201 / 200), or the handler sends itself.
 */
type HandlerAnswer<Name extends RouteName> =
  | ReplyBody<Name, SuccessStatusOf<Name>>
  | ContractReply<Name>;

/** A hook of any route (authentication, access checks). */
export type RouteHook = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/**
 * What a hook of a contract route sees before validation (`onRequest`): the route's parameters
 * and query as the address gave them, each of them possibly missing.
 */
export type ContractHookRequest<Name extends RouteName> = FastifyRequest<{
  Params: Partial<ParamsOf<Name>>;
  Querystring: Partial<QueryOf<Name>>;
}>;

/** A hook of one contract route; any {@link RouteHook} is one too. */
type ContractHook<Name extends RouteName> = (
  request: ContractHookRequest<Name>,
  reply: FastifyReply,
) => Promise<unknown>;

/** What a service gives for one route of the contract. */
export type ContractRouteHandlers<Name extends RouteName> = {
  onRequest?: ContractHook<Name> | ContractHook<Name>[];
  preHandler?: ContractHook<Name> | ContractHook<Name>[];
  handler: ContractHandler<Name>;
};

/**
 * One call of the contract, ready for `app.route(...)`: its method, path and schemas from the
 * route table (the request is validated and the answer serialised with them, and the OpenAPI
 * document is generated from the same), and a handler typed by them.
 */
export function contractRoute<Name extends RouteName>(
  name: Name,
  handlers: ContractRouteHandlers<Name>,
): RouteOptions {
  const route: RouteDefinition = routes[name];
  return {
    ...routeBase(name, route),
    // The typed hooks see the request of the same route (its parameters not yet validated).
    ...(handlers.onRequest ? { onRequest: handlers.onRequest as RouteOptions['onRequest'] } : {}),
    ...(handlers.preHandler
      ? { preHandler: handlers.preHandler as RouteOptions['preHandler'] }
      : {}),
    // The typed handler sees the request Fastify has validated against the same schemas.
    handler: handlers.handler as RouteOptions['handler'],
  };
}

function routeBase(name: RouteName, route: RouteDefinition) {
  return {
    method: route.method,
    url: route.path,
    // A larger body is refused (413) before it is parsed, let alone validated.
    bodyLimit: route.bodyLimit ?? defaultBodyLimit,
    schema: {
      operationId: name,
      summary: route.summary,
      tags: [route.service],
      // Public calls say so with an empty list: without it a reader cannot tell them from calls
      // whose security was forgotten (Redocly's security-defined rule).
      security: route.auth ? [{ bearer: [] }] : [],
      ...(route.params ? { params: route.params } : {}),
      ...(route.query ? { querystring: route.query } : {}),
      ...(route.headers ? { headers: route.headers } : {}),
      ...(route.body ? { body: route.body } : {}),
      response: route.response,
    },
  } satisfies Omit<RouteOptions, 'handler'>;
}
