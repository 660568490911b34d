import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Config, minJwtSecretLength } from './types.ts';

/** The name of the generated JWT secret in `DATA_DIR`. */
const jwtSecretFileName = 'jwt-secret';

/**
 * The key that signs access tokens: `JWT_SECRET` when set; otherwise the one kept in
 * `DATA_DIR/jwt-secret`, generated (48 random bytes, file mode 0600) on the first start and reused
 * afterwards. Every process of a deployment must share it: set JWT_SECRET when they do not share
 * DATA_DIR.
 */
export function loadJwtSecret(config: Pick<Config, 'jwtSecret' | 'dataDir'>): {
  secret: Uint8Array;
  source: 'environment' | 'file' | 'generated';
} {
  if (config.jwtSecret) {
    return { secret: new TextEncoder().encode(config.jwtSecret), source: 'environment' };
  }
  const file = join(config.dataDir, jwtSecretFileName);
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
    try {
      // 'wx' fails if another process created it meanwhile: then that one is read below.
      writeFileSync(file, `${randomBytes(48).toString('base64url')}\n`, {
        mode: 0o600,
        flag: 'wx',
      });
      chmodSync(file, 0o600);
      return { secret: new TextEncoder().encode(readSecretFile(file)), source: 'generated' };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new Error(`Could not write the JWT secret to ${file}: ${(error as Error).message}`);
      }
    }
  }
  return { secret: new TextEncoder().encode(readSecretFile(file)), source: 'file' };
}

function readSecretFile(file: string): string {
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch (error) {
    throw new Error(`Could not read the JWT secret in ${file}: ${(error as Error).message}`);
  }
  if (text.length < minJwtSecretLength) {
    throw new Error(
      `The JWT secret in ${file} is shorter than ${minJwtSecretLength} characters; delete the file to have a new one generated`,
    );
  }
  return text;
}
