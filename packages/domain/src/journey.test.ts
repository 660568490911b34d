import { describe, expect, it } from 'vitest';
import {
  currentStepDay,
  isStepDone,
  nextStep,
  type PhaseChangeInput,
  planPhaseChange,
  preferredStepLengthDays,
} from './journey.ts';
import {
  exerciseGoalNames,
  exerciseStepGoalNames,
  noPhasePlannedMessage,
} from './values/journeyValues.ts';

const coachPersonId = '0b6f1a4e-6a2c-4c57-9a53-1f6b1bb2a001';

function input(overrides: Partial<PhaseChangeInput> = {}): PhaseChangeInput {
  return {
    currentStep: 'learn',
    request: { nextPhase: 'sense', goals: ['stressBalance'], bpm: 8, goalChoices: ['calm'] },
    coachPersonId,
    clientTimeZone: 'Europe/London',
    now: new Date('2026-11-16T09:30:00Z'),
    ...overrides,
  };
}

describe('nextStep', () => {
  it('goes learn, sense, grow, then no phase is planned', () => {
    expect(nextStep('learn')).toBe('sense');
    expect(nextStep('sense')).toBe('grow');
    expect(nextStep('grow')).toBeNull();
  });
});

describe('isStepDone', () => {
  it('is done at 80 % of scheduled actions, not at 79 %', () => {
    expect(isStepDone(79, 100)).toBe(false);
    expect(isStepDone(80, 100)).toBe(true);
    expect(isStepDone(81, 100)).toBe(true);
    expect(isStepDone(4, 5)).toBe(true);
    expect(isStepDone(3, 5)).toBe(false);
  });

  it('is not done with nothing scheduled, and refuses negative or fractional counts', () => {
    expect(isStepDone(0, 0)).toBe(false);
    expect(() => isStepDone(-1, 5)).toThrow(RangeError);
    expect(() => isStepDone(0.5, 5)).toThrow(RangeError);
  });
});

describe('currentStepDay', () => {
  it('counts days in the client timezone, 1 on the start date', () => {
    // 2026-11-15 17:30 UTC is already 16 November in Auckland.
    const now = new Date('2026-11-15T17:30:00Z');
    expect(currentStepDay('2026-11-15', now, 'Europe/London')).toBe(1);
    expect(currentStepDay('2026-11-15', now, 'Pacific/Auckland')).toBe(2);
    expect(currentStepDay('2026-11-16', now, 'Europe/London')).toBe(0);
  });

  it('keeps counting past the preferred 7 days', () => {
    expect(preferredStepLengthDays).toBe(7);
    const now = new Date('2026-11-16T12:00:00Z');
    expect(currentStepDay('2026-11-09', now, 'UTC')).toBe(8);
  });
});

describe('planPhaseChange', () => {
  it('plans the next step with goals, BPM, goal choices, who and when', () => {
    const result = planPhaseChange(input({ clientTimeZone: 'Pacific/Auckland' }));
    expect(result).toEqual({
      ok: true,
      change: {
        step: 'sense',
        previousStep: 'learn',
        startDate: '2026-11-16',
        goals: ['stressBalance'],
        bpm: 8,
        goalChoices: ['calm'],
        startedByPersonId: coachPersonId,
        startedAt: new Date('2026-11-16T09:30:00Z'),
      },
    });
  });

  it("refuses any change after grow with 'No new phases are planned yet'", () => {
    const result = planPhaseChange(
      input({ currentStep: 'grow', request: { ...input().request, nextPhase: 'grow' } }),
    );
    expect(result).toEqual({
      ok: false,
      error: { code: 'noPhasePlanned', message: noPhasePlannedMessage },
    });
    expect(noPhasePlannedMessage).toBe('No new phases are planned yet');
  });

  it('is irreversible: the same or an earlier step is refused, and so is skipping one', () => {
    for (const nextPhase of ['sense', 'learn', 'grow'] as const) {
      const currentStep = nextPhase === 'grow' ? 'learn' : 'sense';
      const result = planPhaseChange(
        input({ currentStep, request: { ...input().request, nextPhase } }),
      );
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.code).toBe('notNextPhase');
    }
  });

  it('refuses goals, BPM and goal choices outside the enumerations', () => {
    const cases = [
      [{ goals: [] }, 'invalidGoals'],
      [{ goals: ['running'] }, 'invalidGoals'],
      [{ goals: ['breathing', 'breathing'] }, 'invalidGoals'],
      [{ goals: 'breathing' }, 'invalidGoals'],
      [{ bpm: 7 }, 'invalidBpm'],
      [{ bpm: '8' }, 'invalidBpm'],
      [{ goalChoices: [] }, 'invalidGoalChoices'],
      [{ goalChoices: ['sleep'] }, 'invalidGoalChoices'],
    ] as const;
    for (const [change, code] of cases) {
      const result = planPhaseChange(input({ request: { ...input().request, ...change } }));
      expect(result.ok ? 'ok' : result.error.code).toBe(code);
    }
  });

  it('accepts every BPM of 10, 8 and 6 and all six step goals', () => {
    expect(exerciseStepGoalNames).toHaveLength(6);
    for (const bpm of [10, 8, 6]) {
      const result = planPhaseChange(
        input({
          request: {
            nextPhase: 'sense',
            goals: [...exerciseStepGoalNames],
            bpm,
            goalChoices: [...exerciseGoalNames],
          },
        }),
      );
      expect(result.ok).toBe(true);
    }
  });
});
