// The messaging service's face: what the server uses of it.
import type { MessagingQuotasInput } from './quota.ts';

export { messagingService } from './routes.ts';

declare module '../core/context.ts' {
  // biome-ignore lint/style/useConsistentTypeDefinitions: an augmentation merges into the interface.
  interface ServiceSettings {
    /**
     * The writers' message quotas (`messaging/quota.ts`), per author; the domain's figures when
     * absent. Read per request, so a test may change them on a running server.
     */
    messagingQuotas?: MessagingQuotasInput;
  }
}
