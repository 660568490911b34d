import { getResponse, type HttpHandler } from 'msw';

/** A fetch answered by MSW handlers through MSW's own request matching (no network). */
export function mswFetch(handlers: HttpHandler[]): typeof globalThis.fetch {
  return async (input, init) => {
    const response = await getResponse(handlers, new Request(input, init));
    if (!response) throw new Error(`Unhandled request ${String(input)}`);
    return response;
  };
}
