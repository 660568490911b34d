import { startServer } from './start.ts';

// The services alone (`NODE_ENV=production node packages/server/src/main.ts`): in demo mode it
// seeds the demo accounts without their history; `npm start` runs the simulator's main instead.
await startServer();
