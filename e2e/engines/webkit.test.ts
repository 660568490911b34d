import { describeJourneys } from './journeys.ts';
import { describeQueueJourney } from './queueJourney.ts';
import { launchWebKit } from './webkit.ts';

// The coach's main journeys in WebKit (WebKitGTK's MiniBrowser over its WebDriver, on Xvfb), and
// the attention queue from the keyboard on a product of its own.
describeJourneys('WebKit', launchWebKit);
describeQueueJourney('WebKit', launchWebKit);
