import { launchChromium } from './chromium.ts';
import { describeQueueJourney } from './queueJourney.ts';

// The attention queue from the keyboard in Chromium (the main journeys run there as e2e/*.test.ts).
describeQueueJourney('Chromium', launchChromium);
