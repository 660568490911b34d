import { limits } from '@coach/domain';
import { type Static, Type } from 'typebox';

/** The access and refresh tokens returned by sign-in, refresh, invite acceptance and reset. */
export const TokensSchema = Type.Object(
  {
    accessToken: Type.String({
      minLength: 1,
      maxLength: limits.tokenMaxLength,
      description: 'Short-lived JWT for the bearer header',
    }),
    refreshToken: Type.String({
      minLength: 1,
      maxLength: limits.tokenMaxLength,
      description: 'Opaque token to get new tokens once',
    }),
  },
  { description: 'Session tokens' },
);

/** See {@link TokensSchema}. */
export type Tokens = Static<typeof TokensSchema>;
