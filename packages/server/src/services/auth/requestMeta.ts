/** Who asked, for the audit log: the caller's address and the request's id. */
export type RequestMeta = { ip: string; requestId: string };
