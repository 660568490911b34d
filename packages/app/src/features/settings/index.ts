// The settings feature's public face: what other features, routes/ and stories may import.
export { settingsSchema } from './settingsSchema.ts';
