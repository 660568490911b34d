import { isSignedPictureQuery } from '@coach/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { recordAudit } from '../../audit.ts';
import { DomainError } from '../../domainError.ts';
import {
  type ContractHookRequest,
  type ContractRequest,
  contractRoute,
} from '../../http/contractRoute.ts';
import { largeAnswerChunkBytes, sendLargeAnswer } from '../../http/largeAnswer.ts';
import { findCaller, findVisiblePerson } from '../account/index.ts';
import {
  isValidPictureSignature,
  type ServiceContext,
  type ServicePlugin,
  signedPicturePath,
} from '../core/index.ts';
import { hasAcceptableDimensions, inspectImage } from './images.ts';
import {
  acceptPictureUploads,
  notAnImage,
  ownPictureCheck,
  tooManyPixels,
  uploadedBytes,
} from './pictureUpload.ts';
import { findPictureHead, matchesEtag, readPictureChunk, savePicture } from './store.ts';

const noPicture = () => new DomainError('not_found', 'No profile picture');

/**
 * Profile pictures, stored in PostgreSQL. A picture is
 * served to whoever may see the person (the account service's rule), with a bearer token or
 * through a signed URL; anyone else gets the 404 of a missing picture. The type of an upload is
 * decided by its bytes only; a body over 7,000,000 bytes is refused while it streams in (never
 * buffered whole).
 */
export const profilePictureRoutes: ServicePlugin = async (app, context) => {
  await acceptPictureUploads(app);
  getPictureRoute(app, context);
  putPictureRoute(app, context);
};

/** GET a person's picture: with a signed URL, or by a caller who may see the person. */
function getPictureRoute(app: FastifyInstance, context: ServiceContext) {
  const { database, organisationId } = context;
  const { db } = database;

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
}

/** PUT the caller's own picture: its bytes decide its type, and the change is audited. */
function putPictureRoute(app: FastifyInstance, context: ServiceContext) {
  const { database, organisationId } = context;

  app.route(
    contractRoute('putProfilePicture', {
      onRequest: [context.requireAuth, ownPictureCheck(context)],
      handler: async (request, reply) => {
        const { id } = request.params;
        const bytes = await uploadedBytes(request);
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
}
