import { isSignedPictureQuery, limits, messages } from '@coach/domain';
import multipart from '@fastify/multipart';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { recordAudit } from '../../audit.ts';
import { DomainError } from '../../domainError.ts';
import {
  type ContractHookRequest,
  type ContractRequest,
  contractRoute,
} from '../../http/contractRoute.ts';
import { largeAnswerChunkBytes, sendLargeAnswer } from '../../http/largeAnswer.ts';
import { findCaller, findVisiblePerson } from '../account/index.ts';
import type { ServicePlugin } from '../core/index.ts';
import { isValidPictureSignature, signedPicturePath } from '../core/index.ts';
import { hasAcceptableDimensions, inspectImage, maxImagePixels, maxImageSide } from './images.ts';
import { reportRoutes } from './reports/routes.ts';
import {
  findPersonIdOfUser,
  findPictureHead,
  matchesEtag,
  readPictureChunk,
  savePicture,
} from './store.ts';

const maxBytes = limits.profilePictureMaxBytes;

/** Room for the multipart envelope (boundaries, part headers) around a picture at the limit. */
const multipartOverheadBytes = 64 * 1024;

const tooLarge = () =>
  new DomainError(
    'payload_too_large',
    messages.profilePictureTooLarge.replace('{{sizeLimit}}', '7 MB'),
  );
const notAnImage = () => new DomainError('unsupported_image', messages.profilePictureNotImage);
const tooManyPixels = () =>
  new DomainError(
    'image_too_large',
    `The picture is too large: at most ${maxImageSide} x ${maxImageSide} pixels and ${
      maxImagePixels / 1_000_000
    } megapixels`,
  );
const noPicture = () => new DomainError('not_found', 'No profile picture');
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

/**
 * The resource service (`/api/resource`): the files it keeps in PostgreSQL, profile pictures and
 * client reports (PDF), each in a scope of its own: the picture routes read any body as raw
 * bytes with their own upload limit, the report routes take JSON.
 */
export const resourceService: ServicePlugin = async (app, context) => {
  await app.register(async (scope) => profilePictureRoutes(scope, context));
  await app.register(async (scope) => reportRoutes(scope, context));
};

/**
 * Profile pictures, stored in PostgreSQL. A picture is
 * served to whoever may see the person (the account service's rule), with a bearer token or
 * through a signed URL; anyone else gets the 404 of a missing picture. The type of an upload is
 * decided by its bytes only; a body over 7,000,000 bytes is refused while it streams in (never
 * buffered whole).
 */
const profilePictureRoutes: ServicePlugin = async (app, context) => {
  const { database, organisationId } = context;
  const { db } = database;

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

  /** A signed URL needs no session; anything else needs a signed-in caller (401 without). */
  async function requireSignatureOrAuth(
    request: ContractHookRequest<'getProfilePicture'>,
    reply: FastifyReply,
  ) {
    if (isSignedPictureQuery(request.query)) return;
    return context.requireAuth(request, reply);
  }

  /** Whether the request may have the picture of `personId`: a valid signature, or the rule. */
  async function mayHavePicture(
    request: ContractRequest<'getProfilePicture'>,
    personId: string,
  ): Promise<boolean> {
    const { query } = request;
    if (isSignedPictureQuery(query)) {
      return isValidPictureSignature(context, personId, query.expires, query.signature);
    }
    const caller = await findCaller(db, organisationId, request);
    return (
      caller !== undefined &&
      (await findVisiblePerson(db, organisationId, caller, personId)) !== undefined
    );
  }

  app.route(
    contractRoute('getProfilePicture', {
      onRequest: requireSignatureOrAuth,
      handler: async (request, reply) => {
        const personId = request.params.id.toLowerCase();
        // Someone who may not see the person learns nothing, not even that a picture exists.
        const picture = (await mayHavePicture(request, personId))
          ? await findPictureHead(db, organisationId, personId, largeAnswerChunkBytes(request))
          : undefined;
        if (!picture) throw noPicture();
        // Revalidated on every use: a replaced picture shows at once, an unchanged one costs a 304.
        reply.header('ETag', picture.etag);
        reply.header('Cache-Control', 'private, max-age=0, must-revalidate');
        if (matchesEtag(request.headers['if-none-match'], picture.etag)) {
          return reply.status(304).send(null);
        }
        // Read and sent a chunk at a time (a stalled client holds no whole picture), each chunk
        // of the picture that was described here.
        const { etag, byteSize, head } = picture;
        return sendLargeAnswer(request, reply.type(picture.contentType).status(200), {
          byteSize,
          head,
          readChunk: (offset, length) =>
            readPictureChunk(db, organisationId, personId, etag, offset, length),
        });
      },
    }),
  );

  /** Lets only the owner upload, before a byte of the body is read. */
  async function requireOwnPicture(
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
  }

  app.route(
    contractRoute('putProfilePicture', {
      onRequest: [context.requireAuth, requireOwnPicture],
      handler: async (request, reply) => {
        const { id } = request.params;
        let bytes: Buffer;
        if (request.isMultipart()) {
          const file = await request.file();
          if (file?.fieldname !== 'file') throw noFileField();
          bytes = await file.toBuffer();
        } else if (Buffer.isBuffer(request.body)) {
          bytes = request.body;
        } else {
          throw notAnImage();
        }
        const image = inspectImage(bytes);
        if (!image) throw notAnImage();
        if (!hasAcceptableDimensions(image)) throw tooManyPixels();
        const personId = id.toLowerCase();
        const etag = await database.transaction(async (tx) => {
          const stored = await savePicture(tx, organisationId, personId, image, bytes);
          await recordAudit(tx, {
            organisationId,
            action: 'profile_picture_updated',
            actorUserId: request.auth?.userId ?? null,
            subject: personId,
            ip: request.ip,
            requestId: request.id,
            details: {
              contentType: image.contentType,
              width: image.width,
              height: image.height,
              bytes: bytes.byteLength,
            },
          });
          return stored;
        });
        reply.header('ETag', etag);
        return { url: signedPicturePath(context, personId), etag };
      },
    }),
  );
};
