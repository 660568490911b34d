// The auth service's enumerations without schemas: auth.ts of the contract builds the schemas on
// them, the invite rules read them.

/** The states of an invite. */
export const inviteStatuses = ['pending', 'accepted', 'revoked'] as const;

/** One of {@link inviteStatuses}. */
export type InviteStatus = (typeof inviteStatuses)[number];
