import { yupResolver } from '@hookform/resolvers/yup';
import { signInSchema } from './signInSchema.ts';

/** The sign-in form's validation (loaded on demand: see useSignInForm). */
export const signInResolver = yupResolver(signInSchema);
