import { startServer } from '@coach/server';
import { seedDemo } from './demo/seedDemo.ts';

// The product as `npm start` and `npm run dev` run it: the server's start, whose demo mode
// (`DEMO_SEED`) seeds the demo accounts with weeks of history. The server cannot seed that
// history itself: it does not import the simulator that writes it.
await startServer({ seedDemo });
