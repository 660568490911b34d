import type { DateRangeQuery } from '../contract/calendar.ts';
import type { RouteDefinition } from '../contract/routes.ts';
import type { RequestOptions, ServiceRequest } from './request.ts';

/** Options of a call made from the route table (method and auth come from the route). */
export type RouteCallOptions = Omit<RequestOptions, 'method' | 'auth'>;

/** Calls one route of the contract with its method, path and auth rule. */
export function callRoute<T>(
  request: ServiceRequest,
  route: RouteDefinition,
  options: RouteCallOptions = {},
): Promise<T> {
  return request<T>(route.path, { ...options, method: route.method, auth: route.auth });
}

/** The options of a call about one client over an inclusive range of its local dates. */
export function clientRange(clientId: string, range: DateRangeQuery): RouteCallOptions {
  return { params: { clientId }, query: { from: range.from, to: range.to } };
}
