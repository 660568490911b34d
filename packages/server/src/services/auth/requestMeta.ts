/**
 * Who asked, for the audit log: the caller's address, the request's id and, where known, the
 * browser and system it came from in a few words (`browserNameOf`), never the whole User-Agent.
 */
export type RequestMeta = { ip: string; requestId: string; browser?: string | null };
