export * from './calendar.ts';
export * from './enumerations.ts';
export * from './journey.ts';
export * from './zonedTime.ts';
