// The domain of Coach: the vocabulary (enumerations, limits, texts) and the rules (journey,
// figures, schedules, zoned time) that the server, the app and the mocks share. It knows no HTTP,
// no React and no database, and imports none of the other packages.
export * from './activityPage.ts';
export * from './age.ts';
export * from './completion.ts';
export * from './effect.ts';
export * from './engagement.ts';
export * from './indicators.ts';
export * from './invites.ts';
export * from './journey.ts';
export * from './metricBounds.ts';
export * from './needsAttention.ts';
export * from './password.ts';
export * from './personName.ts';
export * from './personView.ts';
export * from './pictureUrls.ts';
export * from './range.ts';
export * from './rounding.ts';
export * from './schedule.ts';
export * from './scheduleClock.ts';
export * from './seededRandom.ts';
export * from './series.ts';
export * from './shapes.ts';
export * from './stepStarts.ts';
export * from './timeZone.ts';
export * from './values/accountValues.ts';
export * from './values/analyticsValues.ts';
export * from './values/authValues.ts';
export * from './values/calendarValues.ts';
export * from './values/commonValues.ts';
export * from './values/deviceMetricsValues.ts';
export * from './values/exerciseValues.ts';
export * from './values/isOneOf.ts';
export * from './values/journeyValues.ts';
export * from './values/reportValues.ts';
export * from './values/surveyValues.ts';
export * from './zonedTime.ts';
