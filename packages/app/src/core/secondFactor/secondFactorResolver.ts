import { yupResolver } from '@hookform/resolvers/yup';
import { secondFactorSchema } from './secondFactorSchema.ts';

/** The second factor form's validation (loaded on demand: see SecondFactorForm). */
export const secondFactorResolver = yupResolver(secondFactorSchema);
