import { type RouteName, routes } from '@coach/api';

/**
 * The method, path and schemas of a contract call, ready for `app.route({ ...contractRoute(name),
 * handler })`: the request is validated and the answer serialised with the contract's schemas, and
 * the OpenAPI document is generated from the same.
 */
export function contractRoute(name: RouteName) {
  const route = routes[name] as (typeof routes)[RouteName] & {
    params?: unknown;
    query?: unknown;
    body?: unknown;
    requestContentTypes?: readonly string[];
  };
  return {
    method: route.method,
    url: route.path,
    schema: {
      operationId: name,
      summary: route.summary,
      tags: [route.service],
      ...(route.auth ? { security: [{ bearer: [] }] } : {}),
      ...(route.params ? { params: route.params } : {}),
      ...(route.query ? { querystring: route.query } : {}),
      ...(route.body ? { body: route.body } : {}),
      response: route.response,
    },
  };
}
