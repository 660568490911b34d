import { endedAfterActionDays, episodeFigureDays } from '@coach/domain';
import { type Static, Type } from 'typebox';

// Whether reaching out helped, for the coach: their figures over their clients' attention
// episodes of the last 30 days, as the server's sweep keeps them (decision 72). They come with
// the clients list's answer, so the list and its header are one call.

const nullableInstant = (description: string) =>
  Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description });

const count = (description: string) => Type.Integer({ minimum: 0, description });

/** The coach's figures over their clients' attention episodes, in the clients list's answer. */
export const AttentionFiguresSchema = Type.Object(
  {
    days: Type.Integer({ minimum: 1, description: 'The days looked back over' }),
    episodes: count(`Episodes started in the last ${episodeFigureDays} days`),
    actedOn: count('Of those, the ones the coach acted on'),
    medianHoursToFirstAction: Type.Union([Type.Number({ minimum: 0 }), Type.Null()], {
      description:
        "The median hours from an episode's start to the first action; null: none acted on",
    }),
    endedAfterAction: count(`Ended within ${endedAfterActionDays} days of the first action`),
    endedWithoutAction: count('Ended with no action'),
    keptAt: nullableInstant('When the figures were last brought up to date; null: never yet'),
  },
  { description: "The coach's figures over their clients' attention episodes" },
);

/** See {@link AttentionFiguresSchema}. */
export type AttentionFigures = Static<typeof AttentionFiguresSchema>;
