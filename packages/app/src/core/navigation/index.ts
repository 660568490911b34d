// The app core's navigation: the route paths, the sign-in pages' return path and the password
// reset's start (a security link's), what features, routes/ and stories may import. The router's
// tables (routes/) compose the screens over these, so no feature needs to reach into them.

export { useReturnPath } from './hooks/useReturnPath.ts';
export {
  type PasswordResetStart,
  passwordResetStartOf,
  passwordResetStartState,
} from './passwordResetStart.ts';
export { type ClientProfileGroup, clientPath, clientProfileGroups, paths } from './paths.ts';
export { returnHref, toReturnPath, withReturnPath } from './returnPath.ts';
