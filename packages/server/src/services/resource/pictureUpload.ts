import { limits, messages } from '@coach/domain';
import multipart from '@fastify/multipart';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../../domainError.ts';
import type { ContractHookRequest, ContractRequest } from '../../http/contractRoute.ts';
import type { ServiceContext } from '../core/index.ts';
import { maxImagePixels, maxImageSide } from './images.ts';
import { findPersonIdOfUser } from './store.ts';

// How an upload of a profile picture is read: raw bytes or a multipart form, within the upload
// limit, refused while it streams in (never buffered whole).

const maxBytes = limits.profilePictureMaxBytes;

/** Room for the multipart envelope (boundaries, part headers) around a picture at the limit. */
const multipartOverheadBytes = 64 * 1024;

const tooLarge = () =>
  new DomainError(
    'payload_too_large',
    messages.profilePictureTooLarge.replace('{{sizeLimit}}', '7 MB'),
  );
export const notAnImage = () =>
  new DomainError('unsupported_image', messages.profilePictureNotImage);
export const tooManyPixels = () =>
  new DomainError(
    'image_too_large',
    `The picture is too large: at most ${maxImageSide} x ${maxImageSide} pixels and ${
      maxImagePixels / 1_000_000
    } megapixels`,
  );
const notOwnPicture = () =>
  new DomainError('forbidden', 'You can only change your own profile picture');
const noFileField = () =>
  new DomainError('bad_request', "Send the picture in a form field named 'file'");

/** How long the rest of a refused upload is read and thrown away before the connection is cut. */
const lingerMilliseconds = 5_000;

/**
 * After refusing an upload that is still streaming in: closing at once makes the kernel reset the
 * connection, and the client loses the 413 it has not read yet. So the rest of the body is read
 * and discarded (never kept) for a few seconds, the answer reaches the client, and a client that
 * still sends after that is cut off.
 */
function lingerWhileDiscarding(request: FastifyRequest, reply: FastifyReply) {
  const raw = request.raw;
  if (raw.complete) return;
  reply.removeHeader('connection');
  raw.on('data', () => {});
  raw.resume();
  const timer = setTimeout(() => raw.socket.destroy(), lingerMilliseconds);
  timer.unref();
  raw.once('end', () => clearTimeout(timer));
  raw.once('close', () => clearTimeout(timer));
}

/** Makes the pictures' scope `app` read uploads: raw bytes or multipart, within the limit. */
export async function acceptPictureUploads(app: FastifyInstance) {
  // Any declared type is read as raw bytes (the bytes decide), with the upload limit; multipart
  // forms carry the picture in a `file` field.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: maxBytes },
    (_request, body, done) => done(null, body),
  );
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
  });

  // The spec's text for an upload over the limit; the server's handler answers every error.
  app.setErrorHandler<FastifyError>((error, request, reply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.code === 'FST_REQ_FILE_TOO_LARGE') {
      lingerWhileDiscarding(request, reply);
      throw tooLarge();
    }
    throw error;
  });
}

/** The hook that lets only the owner upload, before a byte of the body is read. */
export function ownPictureCheck(context: ServiceContext) {
  const { database, organisationId } = context;
  const { db } = database;
  return async function requireOwnPicture(
    request: ContractHookRequest<'putProfilePicture'>,
    reply: FastifyReply,
  ) {
    const { id } = request.params;
    const ownId = await findPersonIdOfUser(db, organisationId, request.auth?.userId ?? '');
    if (!ownId || ownId !== id?.toLowerCase()) throw notOwnPicture();
    const length = Number(request.headers['content-length']);
    if (
      request.headers['content-type']?.startsWith('multipart/') &&
      length > maxBytes + multipartOverheadBytes
    ) {
      reply.header('connection', 'close');
      throw tooLarge();
    }
  };
}

/** The bytes of an upload: the form's `file` field, or the raw body. */
export async function uploadedBytes(
  request: ContractRequest<'putProfilePicture'>,
): Promise<Buffer> {
  if (request.isMultipart()) {
    const file = await request.file();
    if (file?.fieldname !== 'file') throw noFileField();
    return file.toBuffer();
  }
  if (Buffer.isBuffer(request.body)) return request.body;
  throw notAnImage();
}
