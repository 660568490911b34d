import { describeJourneys } from './journeys.ts';
import { launchWebKit } from './webkit.ts';

// The coach's main journeys in WebKit (WebKitGTK's MiniBrowser over its WebDriver, on Xvfb).
describeJourneys('WebKit', launchWebKit);
