import { resolveProfilePictureUrl } from '@coach/domain';
import type { CreateReportBody, Report, ReportList, ReportListQuery } from '../contract/reports.ts';
import type { UploadedPicture } from '../contract/resource.ts';
import type { ServiceRequest } from './request.ts';
import { callRoute } from './route.ts';

/** Image bytes to upload. */
export type ImageBody = Blob | ArrayBuffer | Uint8Array;

/** The typed calls of the resource service. */
export type ResourceClient = {
  /** `GET /profilePicture/{id}`: the image bytes. */
  getProfilePicture(id: string): Promise<Blob>;
  /**
   * `PUT /profilePicture/{id}`: uploads an image (PNG, JPEG or WebP, at most 7 MB); the content
   * type defaults to the Blob's own.
   */
  putProfilePicture(id: string, image: ImageBody, contentType?: string): Promise<UploadedPicture>;
  /** The address of a profile's picture for an `<img>` (null when there is none). */
  profilePictureUrl(profilePicture: string | null | undefined): string | null;
  /**
   * `POST /clients/{clientId}/reports`: renders and stores a PDF report with the coach's notes.
   * Rejects with a 400 ApiError for a note over 500 characters, a 503 'server_busy' (retry
   * later) while the renderers are full, a 429 'rate_limited' (retry after `retryAfterSeconds`)
   * past the coach's daily reports.
   */
  createClientReport(clientId: string, body: CreateReportBody): Promise<Report>;
  /**
   * `GET /clients/{clientId}/reports`: a page of the client's reports, newest first; pass its
   * `nextCursor` as `before` for the next page.
   */
  listClientReports(clientId: string, query?: ReportListQuery): Promise<ReportList>;
  /** `GET /clients/{clientId}/reports/{reportId}`: the PDF bytes. */
  getClientReport(clientId: string, reportId: string): Promise<Blob>;
  /** `DELETE /clients/{clientId}/reports/{reportId}`: deletes one of the caller's reports. */
  deleteClientReport(clientId: string, reportId: string): Promise<void>;
  /** Any other call of the service. */
  request: ServiceRequest;
};

/** Creates the {@link ResourceClient} over the resource service's request function. */
export function createResourceClient(request: ServiceRequest, baseURL: string): ResourceClient {
  return {
    getProfilePicture: (id) =>
      callRoute(request, 'getProfilePicture', { params: { id }, responseType: 'blob' }),
    putProfilePicture(id, image, contentType) {
      const type = contentType ?? (image instanceof Blob ? image.type : '');
      return callRoute(request, 'putProfilePicture', {
        params: { id },
        body: image,
        headers: type ? { 'Content-Type': type } : {},
      });
    },
    profilePictureUrl: (profilePicture) => resolveProfilePictureUrl(profilePicture, baseURL),
    createClientReport: (clientId, body) =>
      callRoute(request, 'createClientReport', { params: { clientId }, body }),
    listClientReports: (clientId, query = {}) =>
      callRoute(request, 'listClientReports', {
        params: { clientId },
        query: { limit: query.limit, before: query.before },
      }),
    getClientReport: (clientId, reportId) =>
      callRoute(request, 'getClientReport', {
        params: { clientId, reportId },
        responseType: 'blob',
      }),
    async deleteClientReport(clientId, reportId) {
      await callRoute(request, 'deleteClientReport', { params: { clientId, reportId } });
    },
    request,
  };
}
