import { breathsPerMinuteValues, isOneOf, journeyStepNames } from '@coach/domain';
import type { Static } from 'typebox';
import { Value } from 'typebox/value';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { literalUnion } from './enumeration.ts';
import { BpmSchema, JourneyStepSchema } from './journey.ts';

describe('literalUnion', () => {
  it('accepts exactly the values of its enumeration, in its order', () => {
    for (const step of journeyStepNames) expect(Value.Check(JourneyStepSchema, step)).toBe(true);
    expect(Value.Check(JourneyStepSchema, 'Learn')).toBe(false);
    expect(Value.Check(BpmSchema, 7)).toBe(false);
    expect(JourneyStepSchema.anyOf.map((literal) => literal.const)).toEqual([...journeyStepNames]);
    expect(BpmSchema.anyOf.map((literal) => literal.const)).toEqual([...breathsPerMinuteValues]);
    expect(literalUnion(['a', 'b'], { description: 'A or B' })).toMatchObject({
      description: 'A or B',
    });
  });

  it('types a schema as the union of its values', () => {
    expectTypeOf<Static<typeof JourneyStepSchema>>().toEqualTypeOf<'learn' | 'sense' | 'grow'>();
    expectTypeOf<Static<typeof BpmSchema>>().toEqualTypeOf<10 | 8 | 6>();
  });
});

describe('isOneOf', () => {
  it('narrows a value of the enumeration and refuses anything else', () => {
    expect(isOneOf(journeyStepNames, 'sense')).toBe(true);
    expect(isOneOf(journeyStepNames, 'Sense')).toBe(false);
    expect(isOneOf(breathsPerMinuteValues, 8)).toBe(true);
    expect(isOneOf(breathsPerMinuteValues, '8')).toBe(false);
  });
});
