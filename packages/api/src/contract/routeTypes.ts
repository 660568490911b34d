import type { Static, TSchema } from 'typebox';
import type { RouteName, routes } from './routes.ts';

/** One route of the table, with its exact schemas. */
export type RouteOf<Name extends RouteName> = (typeof routes)[Name];

/** Static type of an optional schema property of a route; `undefined` when the route has none. */
type StaticOf<Route, Key extends string> = Route extends { [K in Key]: infer Schema }
  ? Schema extends TSchema
    ? Static<Schema>
    : undefined
  : undefined;

/** The `:name` path parameters of a route (`undefined` when it has none). */
export type ParamsOf<Name extends RouteName> = StaticOf<RouteOf<Name>, 'params'>;

/** The query string of a route (`undefined` when it has none). */
export type QueryOf<Name extends RouteName> = StaticOf<RouteOf<Name>, 'query'>;

/** The JSON body of a route (`undefined` when it has none or takes raw bytes). */
export type BodyOf<Name extends RouteName> = StaticOf<RouteOf<Name>, 'body'>;

/** The success statuses the contract uses. */
export type SuccessStatus = 200 | 201 | 202 | 204;

/** The success status of a route (the one 2xx of its response table). */
export type SuccessStatusOf<Name extends RouteName> = Extract<
  keyof RouteOf<Name>['response'],
  SuccessStatus
>;

/** The answer of a route for a status: by default its success answer. */
export type ResponseOf<
  Name extends RouteName,
  Status extends keyof RouteOf<Name>['response'] = SuccessStatusOf<Name>,
> = RouteOf<Name>['response'][Status] extends infer Schema extends TSchema ? Static<Schema> : never;
