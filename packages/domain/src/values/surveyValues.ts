// The survey enumerations without schemas: survey.ts of the contract builds the schemas on them.

/** Assessment statuses (requirements R4.10: complete, incomplete, in progress). */
export const assessmentStatusNames = ['complete', 'incomplete', 'inProgress'] as const;
/** An assessment status. */
export type AssessmentStatus = (typeof assessmentStatusNames)[number];
/** The daily indicators a reflection answers (requirements R3.8). */
export const indicatorNames = ['mental', 'physical', 'productivity'] as const;
/** A daily indicator. */
export type Indicator = (typeof indicatorNames)[number];
