import { Codes } from '@portal/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../../lib/domain-error.js';
import { attemptLimit } from '../../lib/throttle.js';
import { effectiveStaff } from '../second-factor/index.js';
import {
  IMAGE_TOO_LARGE,
  MAX_IMAGE_BYTES,
  uploadPurposes,
  type UploadPurpose,
  type UploadsService,
} from './service.js';

/** Uploads per user in 10 minutes. */
export const UPLOADS_PER_WINDOW = 30;

/** Served images: nothing in them may run, and a browser must not guess another type. */
const IMAGE_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

/**
 * POST /api/file/upload (multipart: `file`, optional `purpose` ticket | avatar | prize, default
 * ticket; the session cookie or `Authorization: Bearer <session token>`) and
 * GET /api/file/downloads/:filename. Registered in its own scope so that only these routes
 * accept multipart bodies.
 */
export async function uploadsRoutes(fastify: FastifyInstance, { uploads }: { uploads: UploadsService }) {
  await fastify.register(import('@fastify/multipart'), {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 4, fieldSize: 200, parts: 6, headerPairs: 100 },
  });

  // Every upload counts (each can store 4 MB in the shared database).
  const uploadLimit = attemptLimit(fastify, 'upload', [
    { max: UPLOADS_PER_WINDOW, timeWindowMs: 10 * 60_000, key: (request) => request.user?.id ?? '' },
  ]);

  fastify.post('/api/file/upload', {
    config: { access: 'user', envelope: false, bearer: true },
    preHandler: uploadLimit,
    handler: async (request, reply) => {
      const { purpose, content } = await readImagePart(request);
      const stored = await uploads.store(request.user!, purpose, content, await effectiveStaff(request));
      return reply.envelope({ file: stored });
    },
  });

  fastify.get<{ Params: { filename: string } }>('/api/file/downloads/:filename', {
    config: { access: 'public', envelope: false },
    handler: async (request, reply) => {
      const image = await uploads.read(request.params.filename, request.user, () => effectiveStaff(request));
      if (image === undefined) throw new DomainError(Codes.NOT_FOUND);
      return reply
        .header('content-type', image.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', IMAGE_CSP)
        .header('content-disposition', 'inline')
        .header('cache-control', image.isPublic ? 'public, max-age=31536000, immutable' : 'private, max-age=3600')
        .send(image.content);
    },
  });
}

async function readImagePart(request: FastifyRequest): Promise<{ purpose: UploadPurpose; content: Buffer }> {
  if (!request.isMultipart()) throw new DomainError(Codes.UNSUPPORTED_MEDIA, '请以 multipart/form-data 上传图片');
  let purpose: UploadPurpose = 'ticket';
  let content: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || content !== undefined) {
          await part.toBuffer();
          throw new DomainError(Codes.INVALID_PAYLOAD, '只能上传一个 file 字段');
        }
        content = await part.toBuffer();
      } else if (part.fieldname === 'purpose') {
        const value = String(part.value);
        if (!(uploadPurposes as readonly string[]).includes(value))
          throw new DomainError(Codes.INVALID_PAYLOAD, 'purpose 取值无效');
        purpose = value as UploadPurpose;
      }
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new DomainError(Codes.PAYLOAD_TOO_LARGE, IMAGE_TOO_LARGE);
    if (typeof code === 'string' && code.startsWith('FST_'))
      throw new DomainError(Codes.INVALID_PAYLOAD, '上传内容不正确');
    throw error;
  }
  if (content === undefined) throw new DomainError(Codes.INVALID_PAYLOAD, '缺少图片文件');
  return { purpose, content };
}
