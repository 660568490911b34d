import type { DateRangeQuery } from '../contract/calendar.ts';
import { routeCalls } from '../contract/routeCalls.ts';
import type { RouteName } from '../contract/routes.ts';
import type { BodyOf, ParamsOf, QueryOf, ResponseOf } from '../contract/routeTypes.ts';
import type { RequestOptions, ServiceRequest } from './request.ts';

/** The parts of a call that the route's schemas type: path parameters, query and JSON body. */
type RouteParts<Name extends RouteName> = (ParamsOf<Name> extends undefined
  ? { params?: undefined }
  : { params: ParamsOf<Name> }) &
  (QueryOf<Name> extends undefined
    ? { query?: undefined }
    : // A query whose every field is optional may be left out.
      Partial<QueryOf<Name>> extends QueryOf<Name>
      ? { query?: QueryOf<Name> }
      : { query: QueryOf<Name> }) &
  // A route without a JSON body schema takes no body, or raw bytes (uploads).
  (BodyOf<Name> extends undefined ? { body?: RequestOptions['body'] } : { body: BodyOf<Name> });

/** Options of a call made from the route table (method and auth come from the route). */
type RouteCallOptions<Name extends RouteName> = Omit<
  RequestOptions,
  'method' | 'auth' | 'params' | 'query' | 'body'
> &
  RouteParts<Name>;

/** The options argument: optional only when the route needs none of params, query or body. */
type OptionsArgument<Name extends RouteName> =
  Partial<RouteCallOptions<Name>> extends RouteCallOptions<Name>
    ? [options?: RouteCallOptions<Name>]
    : [options: RouteCallOptions<Name>];

/**
 * Calls one route of the contract with its method, path and auth rule; its parameters, query,
 * body and answer are typed by the route's schemas.
 */
export function callRoute<Name extends RouteName>(
  request: ServiceRequest,
  name: Name,
  ...[options]: OptionsArgument<Name>
): Promise<ResponseOf<Name>> {
  const route = routeCalls[name];
  return request<ResponseOf<Name>>(route.path, {
    ...(options as RequestOptions | undefined),
    method: route.method,
    auth: route.auth,
  });
}

/** The params and query of a call about one client over an inclusive range of its local dates. */
export function clientRange(clientId: string, range: DateRangeQuery) {
  return { params: { clientId }, query: { from: range.from, to: range.to } };
}
