import { launchFirefox } from './firefox.ts';
import { describeJourneys } from './journeys.ts';
import { describeQueueJourney } from './queueJourney.ts';

// The coach's main journeys in Firefox (Debian's Firefox ESR over WebDriver BiDi), and the
// attention queue from the keyboard on a product of its own.
describeJourneys('Firefox', launchFirefox);
describeQueueJourney('Firefox', launchFirefox);
