// The app core's client formats: what features may import. Numbers, dates and a client's clock
// in the coach's locale, and the 'different timezone' flag, alike on the list and the profile.
export { type ClientFormats, createClientFormats } from './clientFormats.ts';
export {
  type ClientZone,
  deviceUtcOffsetMinutes,
  isDifferentTimezone,
  timezonePlace,
} from './differentTimezone.ts';
