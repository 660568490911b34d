// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the search strings are source text, template literals of the files they break.
// The deliberate breaks of `scripts/deliberateBreaks.ts` (issue 67): each one wrong rule, check,
// text or figure the product must not lose, and the cheapest test command that should catch it.
// A break whose `search` is not found exactly once in `file` stops the whole run (a moved line
// must be noticed, not tested as nothing). `expected: 'gap'` marks a break no test catches yet:
// reported apart, it does not fail the run; once a test catches it, drop the mark.

/** One deliberate break. */
export type DeliberateBreak = {
  /** Short and stable: `--only` names it. */
  id: string;
  /** What the break breaks, in words. */
  what: string;
  /** The file it edits, from the repository's root. */
  file: string;
  /** Found exactly once in the file, and replaced by `replace`. */
  search: string;
  replace: string;
  /** The cheapest command that should fail on the break (run by bash from the root). */
  command: string;
  /** 'gap': known not to be caught (see `gapNote`); reported apart, not failing the run. */
  expected?: 'gap';
  /** For a gap: where a test would catch it most cheaply. */
  gapNote?: string;
};

const vitest = (project: string, ...files: string[]) =>
  `npx vitest run --project ${project} ${files.join(' ')}`;

/** A story file: builds Storybook and runs that file's stories (about a minute or more each). */
const story = (file: string) => `bash scripts/test-storybook.sh ${file}`;

const domain = (file: string) => vitest('domain', `packages/domain/src/${file}`);
const server = (file: string) => vitest('server-pglite', `packages/server/src/${file}`);

export const deliberateBreaks: DeliberateBreak[] = [
  // The domain's rules.
  {
    id: 'domain-no-data-threshold',
    what: "attention rule: 24 h of silence is not yet 'no data' (> instead of >=)",
    file: 'packages/domain/src/needsAttention.ts',
    search: 'return hoursSilent >= noDataAfterHours',
    replace: 'return hoursSilent > noDataAfterHours',
    command: domain('needsAttention.test.ts'),
  },
  {
    id: 'domain-low-score-in-grow',
    what: 'attention rule: a lagging indicator counts in grow too (grow has no current figures)',
    file: 'packages/domain/src/needsAttention.ts',
    search: "if (client.journey.step !== 'grow') {",
    replace: 'if (client.journey.step !== null) {',
    command: domain('needsAttention.test.ts'),
  },
  {
    id: 'domain-lagging-limit',
    what: 'threshold: an indicator of exactly 70 % is lagging (<= instead of <)',
    file: 'packages/domain/src/indicators.ts',
    search: 'return value !== null && value < laggingLimitPercent;',
    replace: 'return value !== null && value <= laggingLimitPercent;',
    command: domain('indicators.test.ts'),
  },
  {
    id: 'domain-step-done-boundary',
    what: 'phase rule: a step at exactly 80 % of its actions is not done (> instead of >=)',
    file: 'packages/domain/src/journey.ts',
    search: 'return completed * 100 >= scheduled * stepCompletionPercent;',
    replace: 'return completed * 100 > scheduled * stepCompletionPercent;',
    command: domain('journey.test.ts'),
  },
  {
    id: 'domain-phase-any-step',
    what: 'phase rule: a phase change to a step other than the next one is accepted',
    file: 'packages/domain/src/journey.ts',
    search: 'if (request.nextPhase !== planned) {',
    replace: 'if (request.nextPhase === undefined) {',
    command: domain('journey.test.ts'),
  },
  // The server.
  {
    id: 'server-coach-reads-other-client',
    what: "access check: any coach reaches any client (the client's coach is not compared)",
    file: 'packages/server/src/services/clientRecords/access.ts',
    search: 'client.coachPersonId === caller.id',
    replace: 'client.coachPersonId !== null',
    command: server('services/authorization.test.ts'),
  },
  {
    id: 'server-write-quota-off-by-one',
    what: 'quota: a daily ceiling of stored records refuses its last allowed write (>= instead of >)',
    file: 'packages/server/src/services/clientRecords/quotas.ts',
    search: 'if (bucket && bucket.count > limit.max) {',
    replace: 'if (bucket && bucket.count >= limit.max) {',
    command: server('services/clientRecords/writeQuota.test.ts'),
  },
  {
    id: 'server-rate-limit-off-by-one',
    what: 'quota: the sign-in and reset rate limits refuse their last allowed attempt',
    file: 'packages/server/src/services/auth/rateLimit.ts',
    search: 'isLimited: Number(row.count) > limit.max,',
    replace: 'isLimited: Number(row.count) >= limit.max,',
    command: server('services/auth/rateLimit.test.ts'),
  },
  {
    id: 'server-second-factor-skipped',
    what: 'factor check: an account with a passkey or an authenticator signs in on its password alone',
    file: 'packages/server/src/services/auth/login.ts',
    search: 'if (hasSecondFactor(factors)) {',
    replace: 'if (hasSecondFactor(factors) && false) {',
    command: server('services/auth/factors/factors.test.ts'),
  },
  {
    id: 'server-thread-notice-not-sent',
    what: "live notice: a new message is not told to the coach's open event streams",
    file: 'packages/server/src/services/core/liveNotices.ts',
    search: 'await database.notices.publish(tx, `m:${thread.coachId}:${thread.clientId}`);',
    replace: 'void tx;',
    command: server('services/messaging/messaging.test.ts'),
  },
  {
    id: 'server-wrong-factor-not-audited',
    what: "audit row: a wrong second-factor answer writes no 'second_factor_failed' row",
    file: 'packages/server/src/services/auth/factors/factorThrottle.ts',
    search:
      "  return recordAudit(db, {\n    organisationId: deps.organisationId,\n    action: 'second_factor_failed',",
    replace:
      "  if (method.length >= 0) return Promise.resolve();\n  return recordAudit(db, {\n    organisationId: deps.organisationId,\n    action: 'second_factor_failed',",
    command: server('services/auth/factors/factors.test.ts'),
  },
  {
    id: 'server-factor-change-not-audited',
    what: 'audit row: adding or removing a passkey or an authenticator writes no audit row',
    file: 'packages/server/src/services/auth/factors/factorChanges.ts',
    search:
      '  await recordAudit(tx, {\n    organisationId: deps.organisationId,\n    action: actionOf[change],',
    replace:
      '  if (subject.length >= 0) void 0;\n  else await recordAudit(tx, {\n    organisationId: deps.organisationId,\n    action: actionOf[change],',
    // Settings' security activity lists these rows: the account takeover's story reads them.
    command: server('services/auth/accountTakeover.test.ts'),
  },
  {
    id: 'server-message-length-limit',
    what: 'validation limit: a message of 2001 characters is accepted',
    file: 'packages/api/src/contract/messaging.ts',
    search: '        maxLength: messageMaxLength,\n        description: `The text, 1 to',
    replace: '        maxLength: messageMaxLength + 1,\n        description: `The text, 1 to',
    command: server('services/messaging/messaging.test.ts'),
  },
  // The api client.
  {
    id: 'api-no-refresh-on-401',
    what: 'refresh once on 401: a call that gets a 401 fails at once, without renewing the session',
    file: 'packages/api/src/client/session.ts',
    search: 'if (failure.status !== 401) throw failure;',
    replace: 'if (failure.status !== 401 || failure) throw failure;',
    command: vitest('api', 'packages/api/src/client/session.test.ts'),
  },
  {
    id: 'api-refresh-not-single-flight',
    what: 'refresh once on 401: calls failing together each renew the session (a refresh token reused)',
    file: 'packages/api/src/client/session.ts',
    search: 'inflight ??= refreshOnce().finally(() => {',
    replace: 'inflight = refreshOnce().finally(() => {',
    command: vitest('api', 'packages/api/src/client/session.test.ts'),
  },
  // The ui library.
  {
    id: 'ui-sort-reversed',
    what: 'sort reversed: ascending shows the descending order and the other way round',
    file: 'packages/ui/src/SortableTable/sortOrder.ts',
    search: "if (direction === 'asc') return orders.asc;",
    replace: "if (direction === 'desc') return orders.asc;",
    command: vitest('ui', 'packages/ui/src/SortableTable/sortOrder.test.ts'),
  },
  {
    id: 'ui-textarea-counter-limit',
    what: 'textarea counter: a text of exactly the maximum length shows as over the limit',
    file: 'packages/ui/src/Textarea/Textarea.tsx',
    search: 'const isOverLimit = length > maxLength;',
    replace: 'const isOverLimit = length >= maxLength;',
    command: vitest('ui', 'packages/ui/src/Textarea/Textarea.test.tsx'),
  },
  {
    id: 'ui-toast-duration',
    what: "toast's time: toasts close after 5 s instead of the spec's 3 s",
    file: 'packages/ui/src/Toasts/ToastContainer.tsx',
    search: 'export const TOAST_AUTO_CLOSE_MS = 3000;',
    replace: 'export const TOAST_AUTO_CLOSE_MS = 5000;',
    command: story('stories/ui/Toasts.stories.tsx'),
  },
  {
    id: 'ui-breadcrumb-contrast',
    what: "accessibility: the breadcrumb's links in a grey too light to read (1.4:1 on white), which only axe sees",
    file: 'packages/ui/src/Breadcrumb/Breadcrumb.tsx',
    search: 'color="fg.muted"\n                    _hover',
    replace: 'color="gray.300"\n                    _hover',
    // Without pictures: the plays and the axe check, so that it is axe that must catch it.
    command: `SB_SNAPSHOTS=0 ${story('stories/ui/Breadcrumb.stories.tsx')}`,
  },
  // The app.
  {
    id: 'app-spec-text-screen-size',
    what: "spec text: the narrow screen's 'Coach app is available for screens with higher resolution' reworded",
    file: 'packages/app/public/locales/en-US/translation.json',
    search: '"higherResolution": "Coach app is available for screens with higher resolution",',
    replace: '"higherResolution": "Coach app is available for larger screens",',
    command: vitest('app', 'packages/app/src/routes/CoachScreenSizeGate.test.tsx'),
  },
  {
    id: 'app-spec-text-phase-changed',
    what: "spec text: the phase change's toast 'Phase successfully changed' reworded",
    file: 'packages/app/public/locales/en-US/translation.json',
    search: '"phaseChanged": "Phase successfully changed",',
    replace: '"phaseChanged": "Phase changed",',
    command: story('stories/app/PhaseChange.stories.tsx'),
  },
  {
    id: 'app-password-rules-message',
    what: "form validation message: a password without numbers or both cases says 'Password must be 8+ characters long'",
    file: 'packages/app/src/core/fieldRules/newPasswordSchema.ts',
    search: ".test('characters', message('auth.validation.passwordRules'),",
    replace: ".test('characters', message('auth.validation.passwordMinLength'),",
    command: vitest('app', 'packages/app/src/core/fieldRules/newPasswordSchema.test.ts'),
  },
  {
    id: 'app-return-path-loses-query',
    what: "return path: a sign-in returns to the page without its query and hash (a list's filters lost)",
    file: 'packages/app/src/core/navigation/returnPath.ts',
    search: 'return { href: `${url.pathname}${url.search}${url.hash}`, route };',
    replace: 'return { href: url.pathname, route };',
    command: vitest('app', 'packages/app/src/core/navigation/returnPath.test.ts'),
  },
  // The journeys across the app and the services (the end-to-end run, in the headless shell).
  {
    id: 'app-live-figures-not-mounted',
    what: 'live figures: the signed-in screens never open the live event stream (a device batch shows only after a reload)',
    file: 'packages/app/src/core/layout/components/SignedInLayout.tsx',
    search: '      <LazyLiveFigures />\n',
    replace: '',
    command: 'npm run test:e2e -- e2e/liveFigures.test.ts',
  },
  // The morning mail.
  {
    id: 'mail-client-link',
    what: "morning mail link: a client's link points to '/client/:id', a page the app does not have",
    file: 'packages/server/src/services/morningMail/morningMailMessage.ts',
    search:
      'const linkOf = (clientId: string) => `${base}/clients/${encodeURIComponent(clientId)}`;',
    replace:
      'const linkOf = (clientId: string) => `${base}/client/${encodeURIComponent(clientId)}`;',
    command: server('services/morningMail/morningMailMessage.test.ts'),
  },
  {
    id: 'mail-queue-link',
    what: "morning mail link: the attention queue's link opens the clients list instead",
    file: 'packages/server/src/services/morningMail/morningMailMessage.ts',
    search: 'const queueLink = `${base}/queue`;',
    replace: 'const queueLink = `${base}/clients`;',
    command: server('services/morningMail/morningMailMessage.test.ts'),
  },
];
