// What every service shares, below them all: the context a host gives them, the live notices
// they publish, the mail outbox they queue on, page cursors, stored profiles and signed picture
// URLs. Nothing here knows a service.
export { nowOf, type ServiceContext, type ServicePlugin } from './context.ts';
export {
  clientChangeNotice,
  type LiveNotice,
  parseLiveNotice,
  publishClientChange,
  publishSessionEnd,
  publishThreadChange,
} from './liveNotices.ts';
export { startMailOutbox } from './mailOutbox.ts';
export { keyOfCursor } from './pageCursor.ts';
export { createPeriodicJob } from './periodicJob.ts';
export { type PersonRecord, personColumns, personColumnsOf } from './persons.ts';
export { isValidPictureSignature, signedPicturePath } from './pictureUrls.ts';
