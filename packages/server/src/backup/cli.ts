import { parseArgs } from 'node:util';
import { readConfig } from '../config.ts';
import {
  BackupError,
  type BackupTarget,
  backupDatabase,
  defaultBackupFile,
  restoreDatabase,
} from './backup.ts';

// `npm run backup [-- --out FILE]`: a copy of the product's database (DATABASE_URL, else the
// embedded database in DATA_DIR, .data by default) in one file.
// `npm run restore -- FILE --yes`: replaces that database with the backup in FILE.

const usage = 'Usage: npm run backup [-- --out FILE]\n' + '       npm run restore -- FILE --yes';

function fail(message: string, code = 2): never {
  console.error(`${message}\n${usage}`);
  process.exit(code);
}

const [command, ...rest] = process.argv.slice(2);
function parse(args: string[]) {
  try {
    return parseArgs({
      args,
      options: { out: { type: 'string' }, yes: { type: 'boolean' } },
      allowPositionals: true,
    });
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
}
const parsed = parse(rest);

const config = readConfig();
const target: BackupTarget = config.databaseUrl
  ? { kind: 'postgres', databaseUrl: config.databaseUrl }
  : { kind: 'pglite', dataDir: config.dataDir };
const where =
  target.kind === 'postgres'
    ? 'the PostgreSQL database of DATABASE_URL'
    : `DATA_DIR '${config.dataDir}'`;

try {
  if (command === 'backup') {
    if (parsed.positionals.length > 0) fail(`backup takes no file name: use --out FILE`);
    const file = parsed.values.out ?? defaultBackupFile(target.kind);
    const result = await backupDatabase(target, file);
    console.log(`Backed up ${where} to ${result.file} (${formatBytes(result.bytes)}).`);
  } else if (command === 'restore') {
    const [file, ...extra] = parsed.positionals;
    if (!file || extra.length > 0) fail('restore takes one backup file');
    if (!parsed.values.yes) {
      fail(`restore replaces ${where} with '${file}': add --yes to go ahead`);
    }
    const result = await restoreDatabase(target, file);
    console.log(`Restored ${where} from ${result.file} (${formatBytes(result.bytes)}).`);
    if (result.keptAside) console.log(`The database it replaced is kept in ${result.keptAside}.`);
  } else {
    fail(`unknown command '${command ?? ''}'`);
  }
} catch (error) {
  // A refusal (BackupError) or a configuration problem: the message says what to do.
  if (error instanceof BackupError || error instanceof Error) fail(error.message, 1);
  throw error;
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.ceil(bytes / 1024)} KB`;
}
