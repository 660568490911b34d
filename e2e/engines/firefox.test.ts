import { launchFirefox } from './firefox.ts';
import { describeJourneys } from './journeys.ts';

// The coach's main journeys in Firefox (Debian's Firefox ESR over WebDriver BiDi).
describeJourneys('Firefox', launchFirefox);
