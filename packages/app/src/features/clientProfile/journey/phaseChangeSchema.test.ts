import type { Journey } from '@coach/api';
import { describe, expect, it } from 'vitest';
import { phaseChangeDefaults, phaseChangeSchema, toPhaseChangeBody } from './phaseChangeSchema.ts';

const messagesOf = async (values: unknown) => {
  try {
    await phaseChangeSchema.validate(values, { abortEarly: false });
    return [];
  } catch (error) {
    return (error as { errors: string[] }).errors;
  }
};

const step = (overrides: Partial<Journey['steps'][number]>): Journey['steps'][number] => ({
  step: 'learn',
  status: 'active',
  startDate: '2026-03-01',
  goals: [],
  bpm: null,
  goalChoices: [],
  startedByPersonId: null,
  startedAt: null,
  completedAt: null,
  ...overrides,
});

const journeyIn = (steps: Journey['steps']): Journey => ({
  clientId: '00000000-0000-4000-8000-000000000001',
  currentStep: steps[steps.length - 1]?.step ?? 'learn',
  startDate: '2026-03-01',
  currentDay: 3,
  timezone: 'UTC',
  steps,
  nextPhasePlanned: true,
  nextPhase: 'sense',
  nextPhaseMessage: null,
});

describe('phase change form', () => {
  it('asks for at least one goal, the BPM and at least one goal choice', async () => {
    expect(await messagesOf({ goals: [], bpm: '', goalChoices: [] })).toEqual([
      'profileActions.validation.goalsRequired',
      'profileActions.validation.bpmRequired',
      'profileActions.validation.goalChoicesRequired',
    ]);
  });

  it('takes only a BPM of 10, 8 or 6', async () => {
    const valid = { goals: ['breathing'], goalChoices: ['calm'] };
    expect(await messagesOf({ ...valid, bpm: '7' })).toEqual([
      'profileActions.validation.bpmRequired',
    ]);
    expect(await messagesOf({ ...valid, bpm: '6' })).toEqual([]);
  });

  it("starts empty from learn and with the current phase's choices after it", () => {
    expect(phaseChangeDefaults(journeyIn([step({})]))).toEqual({
      goals: [],
      bpm: '',
      goalChoices: [],
    });
    const sense = step({
      step: 'sense',
      goals: ['stressBalance'],
      bpm: 8,
      goalChoices: ['calm', 'focus'],
    });
    expect(phaseChangeDefaults(journeyIn([step({ status: 'completed' }), sense]))).toEqual({
      goals: ['stressBalance'],
      bpm: '8',
      goalChoices: ['calm', 'focus'],
    });
  });

  it('sends the BPM as a number and the choices in the enumerations’ order', () => {
    expect(
      toPhaseChangeBody('grow', {
        goals: ['breathing', 'productivity'],
        bpm: '10',
        goalChoices: ['calm', 'learn'],
      }),
    ).toEqual({
      nextPhase: 'grow',
      goals: ['productivity', 'breathing'],
      bpm: 10,
      goalChoices: ['learn', 'calm'],
    });
  });
});
