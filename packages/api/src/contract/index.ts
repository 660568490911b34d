export * from './account.ts';
export * from './auth.ts';
export * from './common.ts';
export * from './deviceMetrics.ts';
export * from './journey.ts';
export * from './resource.ts';
export * from './routes.ts';
