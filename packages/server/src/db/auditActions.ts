// The audit log's vocabulary, beside the schema whose `audit_log.action` column it types: the
// writers (audit.ts) and the readers import it from here, and the schema needs nothing else.

/**
 * Every action the audit log records, written once: the writers name them, the coach's history
 * (services/analytics/coachActions.ts) reads some back.
 */
const auditActions = [
  // Sessions.
  'sign_in',
  'sign_in_failed',
  'sign_out',
  'session_ended',
  'refresh_token_reuse',
  'rate_limited',
  // Password resets.
  'password_reset_requested',
  'password_reset_code_wrong',
  'password_reset_code_voided',
  'password_reset',
  // Second sign-in factors (decision 73): never a code, a secret or a credential.
  'second_step_started',
  'second_factor_failed',
  'second_factor_confirmed',
  'passkey_added',
  'passkey_renamed',
  'passkey_removed',
  'authenticator_added',
  'authenticator_removed',
  'recovery_codes_regenerated',
  // The account's security (issue 64).
  'password_confirmed',
  'other_sessions_ended',
  'security_link_used',
  // Invites.
  'invite_sent',
  'invite_refused',
  'invite_withdrawn',
  'invite_accepted',
  // A coach's work on a client.
  'client_data_read',
  'phase_changed',
  'report_generated',
  'report_deleted',
  'note_deleted',
  // 'Reviewed for today' marked and undone (decision 94): the day, never the flags.
  'client_reviewed',
  'client_review_undone',
  // The user's own profile.
  'profile_updated',
  'profile_picture_updated',
] as const;

/** One of {@link auditActions}. */
export type AuditAction = (typeof auditActions)[number];

/** How a recorded attempt ended: done, failed (wrong password, code...), or refused unheard. */
export type AuditOutcome = 'success' | 'failure' | 'refused';
