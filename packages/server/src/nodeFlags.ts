/**
 * The V8 flags a server process runs with in production: the deploy command of
 * docs/deploying.md, the server package's `npm start`, and the reliability load's servers
 * (`nodeFlags.test.ts` checks the first two say the same). A semi-space of 32 MB (16 MB by
 * default) lets a busy process's short-lived objects die young between fewer scavenges; under the
 * mixed load it served 4 % more calls (decision 86), for at most 48 MB more of young generation.
 */
export const serverNodeFlags: readonly string[] = ['--max-semi-space-size=32'];
