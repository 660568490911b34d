// The auth service's face: what the server and the services above it use of it.
import type { AuthOptionsInput } from './options.ts';

export { liveSessionsOf } from './liveSessions.ts';
export type { AuthOptionsInput, RateLimit } from './options.ts';
export { hashPassword } from './passwords.ts';
export { refuseThrottled, sweepIdleBucketsSometimes, tooManyAttemptsMessage } from './rateLimit.ts';
export { createRequireAuth } from './requireAuth.ts';
export { authService } from './routes.ts';
export { randomToken, sha256Hex } from './secrets.ts';
export { findUserByEmail, insertAccount } from './users.ts';

declare module '../core/context.ts' {
  // biome-ignore lint/style/useConsistentTypeDefinitions: an augmentation merges into the interface.
  interface ServiceSettings {
    /** Auth service tuning (limits, lifetimes, clock, reset-code key); defaults when absent. */
    auth?: AuthOptionsInput;
  }
}
