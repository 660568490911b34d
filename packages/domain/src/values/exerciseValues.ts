// The exercise enumerations without schemas: the app uses them without TypeBox. exercise.ts builds
// the schemas on them.

/** Goal effects, worst to best (requirements R3.6). */
export const goalEffectNames = [
  'negative',
  'moderatelyNegative',
  'neutral',
  'moderatelyPositive',
  'positive',
] as const;
/** An exercise's effect level. */
export type GoalEffect = (typeof goalEffectNames)[number];
