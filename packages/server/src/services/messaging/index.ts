// The messaging service's face: what the server uses of it.
export { messagingService } from './routes.ts';
