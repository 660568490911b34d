// Text that has broken other servers: characters a database or a page may choke on, injection
// payloads, and lengths at and past the limits. Shared by the fuzzer and the round-trip tests.

/** 250 emoji: 250 characters (code points) but 500 UTF-16 units and 1,000 UTF-8 bytes. */
const emoji250 = '😀'.repeat(250);

/** Text with characters a client may send and the server must either keep exactly or refuse. */
export const edgeStrings = {
  /** Refused by the text rule (PostgreSQL cannot store it). */
  nul: 'A\u0000B',
  /** Refused by the text rule (UTF-8 has no form for it). */
  loneHighSurrogate: 'x\uD800y',
  loneLowSurrogate: 'x\uDC00',
  /** Kept: right-to-left and left-to-right marks, an override, an isolate. */
  bidiMarks: '\u200Fשלום\u200E \u202Eevil\u202C \u2067x\u2069',
  /** Kept: a byte order mark, zero-width joiner and space, a soft hyphen. */
  invisibles: '\uFEFFa\u200Db\u200Bc\u00ADd',
  /** Kept: combining marks stacked on one letter. */
  combining: `e${'\u0301'.repeat(40)}`,
  /** Kept: control characters other than NUL, line and paragraph separators. */
  controls: 'a\u0001b\u0007c\u001Bd\u007Fe\u2028f\u2029g\r\n\t',
  /** Kept: a family emoji (ZWJ sequence) and a flag, many code points per glyph. */
  emojiSequences: '👨‍👩‍👧‍👦🏳️‍🌈🇫🇷',
  emoji250,
  /** Kept, and shown as text: SQL that would run if anything spliced it into a statement. */
  sql: "Robert'); DROP TABLE persons;--",
  sqlTautology: "' OR '1'='1' --",
  sqlComment: 'x"; SELECT pg_sleep(10); /*',
  /** Kept, and shown as text: markup that would run if anything put it into a page as HTML. */
  imgOnerror: '<img src=x onerror=alert(1)>',
  script: '<script>alert(document.cookie)</script>',
  svgOnload: '<svg/onload=alert(1)>',
  /** Kept: other injection shapes (template, path, format string, JSON in a string). */
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection payload, as text.
  template: '{{constructor.constructor("alert(1)")()}} ${7*7} #{7*7}',
  path: '../../../../etc/passwd%00.png',
  formatString: '%s%s%s%n%x',
  json: '{"$ne":null,"__proto__":{"isAdmin":true}}',
} as const;

/** Single characters worth mixing into generated text (each one valid under the text rule). */
export const edgeCharacters = [
  '\u200F',
  '\u200E',
  '\u202E',
  '\u2067',
  '\uFEFF',
  '\u200D',
  '\u200B',
  '\u00AD',
  '\u0301',
  '\u0001',
  '\u007F',
  '\u2028',
  '\n',
  '\t',
  '\r',
  '😀',
  '👍🏽',
  '日',
  'ß',
  'İ',
  "'",
  '"',
  '\\',
  '<',
  '>',
  '&',
  ';',
  '%',
  '$',
  '{',
  '`',
  ' ',
];

/** Characters the text rule refuses. */
export const forbiddenCharacters = ['\u0000', '\uD800', '\uDBFF', '\uDC00', '\uDFFF'];
