// The account service's face: what the server and the services above it use of it.
export { findCaller, findPathPerson } from './caller.ts';
export { createCoachAccount } from './coachAccounts.ts';
export { accountService } from './routes.ts';
export { findVisiblePerson } from './store.ts';
