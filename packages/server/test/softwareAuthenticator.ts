import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

// A software passkey authenticator for the server's tests: P-256 keys of node:crypto, the
// registration's attestation 'none' and the assertions built by hand (WebAuthn Level 3, 6.1 and
// 6.5), with a tiny CBOR encoder for what they hold (maps, byte and text strings, integers).

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  const bytes = Buffer.alloc(3);
  bytes[0] = (major << 5) | 25;
  bytes.writeUInt16BE(length, 1);
  return bytes;
}

function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const entries = [...value].flatMap(([key, entry]) => [cbor(key), cbor(entry)]);
  return Buffer.concat([head(5, value.size), ...entries]);
}

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest();

const flags = { userPresent: 0x01, userVerified: 0x04, attested: 0x40 };

/** One passkey held by the software authenticator. */
export type SoftPasskey = {
  credentialId: Buffer;
  privateKey: KeyObject;
  publicKeyCose: Buffer;
  userHandle: string;
  counter: number;
};

export type CeremonyOptions = {
  /** The origin the browser would put in clientDataJSON; the relying party's by default. */
  origin?: string;
  /** The relying party id whose hash leads the authenticator data; the options' by default. */
  rpId?: string;
  /** Sets the user-verified flag (true by default). */
  isUserVerified?: boolean;
  /** The counter to sign with (one more than the last by default). */
  counter?: number;
};

const defaultOrigin = 'http://app.coach.test';

/** A new passkey for the registration options, and the browser's RegistrationResponseJSON. */
export function register(
  options: Record<string, unknown>,
  ceremony: CeremonyOptions = {},
): { passkey: SoftPasskey; credential: Record<string, unknown> } {
  const rp = options.rp as { id: string };
  const user = options.user as { id: string };
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const publicKeyCose = cbor(
    new Map<Cbor, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x ?? '', 'base64url')],
      [-3, Buffer.from(jwk.y ?? '', 'base64url')],
    ]),
  );
  const credentialId = randomBytes(16);
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(credentialId.length);
  const authData = Buffer.concat([
    sha256(ceremony.rpId ?? rp.id),
    Buffer.from([
      flags.userPresent |
        (ceremony.isUserVerified === false ? 0 : flags.userVerified) |
        flags.attested,
    ]),
    Buffer.alloc(4),
    Buffer.alloc(16),
    idLength,
    credentialId,
    publicKeyCose,
  ]);
  const clientData = JSON.stringify({
    type: 'webauthn.create',
    challenge: options.challenge,
    origin: ceremony.origin ?? defaultOrigin,
    crossOrigin: false,
  });
  const attestationObject = cbor(
    new Map<Cbor, Cbor>([
      ['fmt', 'none'],
      ['attStmt', new Map()],
      ['authData', authData],
    ]),
  );
  const passkey = { credentialId, privateKey, publicKeyCose, userHandle: user.id, counter: 0 };
  return {
    passkey,
    credential: {
      id: b64url(credentialId),
      rawId: b64url(credentialId),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientData),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    },
  };
}

/** The browser's AuthenticationResponseJSON of `passkey` for the authentication options. */
export function assert(
  passkey: SoftPasskey,
  options: Record<string, unknown>,
  ceremony: CeremonyOptions = {},
): Record<string, unknown> {
  passkey.counter = ceremony.counter ?? passkey.counter + 1;
  const counter = Buffer.alloc(4);
  counter.writeUInt32BE(passkey.counter);
  const authData = Buffer.concat([
    sha256(ceremony.rpId ?? (options.rpId as string)),
    Buffer.from([flags.userPresent | (ceremony.isUserVerified === false ? 0 : flags.userVerified)]),
    counter,
  ]);
  const clientData = Buffer.from(
    JSON.stringify({
      type: 'webauthn.get',
      challenge: options.challenge,
      origin: ceremony.origin ?? defaultOrigin,
      crossOrigin: false,
    }),
  );
  const signature = sign(
    'sha256',
    Buffer.concat([authData, sha256(clientData)]),
    passkey.privateKey,
  );
  return {
    id: b64url(passkey.credentialId),
    rawId: b64url(passkey.credentialId),
    type: 'public-key',
    response: {
      clientDataJSON: b64url(clientData),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
      userHandle: passkey.userHandle,
    },
    clientExtensionResults: {},
    authenticatorAttachment: 'platform',
  };
}
