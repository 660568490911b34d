// The calendar service's face: what the server uses of it.
export { calendarService } from './routes.ts';
