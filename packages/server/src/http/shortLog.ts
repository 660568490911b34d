import type { LogStream } from './logging.ts';

// The log as a person reads it in a terminal (LOG_FORMAT=short, the default outside production):
// one line per API request with its method, path, status and time; warnings and errors with what
// went wrong. The lines come from the same JSON the server logs in production, so they hold no
// more than those do (see loggerOptions): nothing secret or personal.

/** What a JSON log line of the server may carry, as far as a short line shows it. */
type LogRecord = {
  level?: number;
  time?: number;
  msg?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { type?: string; message?: string; stack?: string };
};

/** pino's levels by number, as a short line names them (info and below say nothing). */
const levelNames: Readonly<Record<number, string>> = { 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

/**
 * The short form of one JSON log line of the server, or null for a line a person does not need:
 * a request for a file of the app (only `/api` requests are shown) and Fastify's 'Server
 * listening' lines (the ready line says where the server runs). A line that is not the server's
 * JSON passes unchanged.
 */
export function shortLogLine(jsonLine: string): string | null {
  let record: LogRecord;
  try {
    record = JSON.parse(jsonLine) as LogRecord;
  } catch {
    return jsonLine.replace(/\n$/, '');
  }
  const time = clockTime(record.time);
  const level = levelNames[record.level ?? 30];
  if (record.msg === 'request completed' || record.msg === 'request aborted') {
    const { method = '?', url = '?' } = record.req ?? {};
    if (!url.startsWith('/api/') && !level) return null;
    const outcome =
      record.msg === 'request aborted' ? 'aborted by the client' : String(record.res?.statusCode);
    return `${time}  ${method} ${url} ${outcome} ${milliseconds(record.responseTime)}`;
  }
  if (record.msg?.startsWith('Server listening at ') && !level) return null;
  const error = record.err
    ? `: ${record.err.type ?? 'Error'}: ${record.err.message ?? ''}${record.err.stack ? `\n${record.err.stack}` : ''}`
    : '';
  return `${time}  ${level ? `${level} ` : ''}${record.msg ?? ''}${error}`;
}

/** Standard output in the short form (see `shortLogLine`). */
export function shortLogStream(output: LogStream = process.stdout): LogStream {
  return {
    write(line) {
      const short = shortLogLine(line);
      if (short !== null) output.write(`${short}\n`);
    },
  };
}

/** `14:05:09`: the local time of day of a log line (a person reads it beside their clock). */
function clockTime(epochMs: number | undefined): string {
  const date = new Date(epochMs ?? Date.now());
  return [date.getHours(), date.getMinutes(), date.getSeconds()]
    .map((part) => String(part).padStart(2, '0'))
    .join(':');
}

function milliseconds(value: number | undefined): string {
  if (value === undefined) return '';
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;
}
