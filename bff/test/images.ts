import type { FastifyInstance } from 'fastify';

/** Real, minimal images of each accepted type (their first bytes are what the detector reads). */
export const images = {
  png: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
  jpg: Buffer.from(
    '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==',
    'base64',
  ),
  webp: Buffer.from('UklGRiQAAABXRUJQVlA4IBgAAAAwAQCdASoBAAEAAwA0JaQAA3AA/vuUAAA=', 'base64'),
  gif: Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64'),
  svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>'),
  html: Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'),
};

/** A multipart/form-data body, the way a browser's FormData sends one. */
export function multipartBody(
  parts: Array<
    { name: string; value: string } | { name: string; filename: string; contentType: string; content: Buffer }
  >,
): { body: Buffer; contentType: string } {
  const boundary = `----portal${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('content' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`,
        ),
        part.content,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POST /api/file/upload with one file; returns the raw response. */
export async function uploadImage(
  app: FastifyInstance,
  options: {
    cookie?: string;
    authorization?: string;
    content: Buffer;
    purpose?: string;
    filename?: string;
    contentType?: string;
  },
) {
  const { body, contentType } = multipartBody([
    ...(options.purpose === undefined ? [] : [{ name: 'purpose', value: options.purpose }]),
    {
      name: 'file',
      filename: options.filename ?? 'image.png',
      contentType: options.contentType ?? 'image/png',
      content: options.content,
    },
  ]);
  return app.inject({
    method: 'POST',
    url: '/api/file/upload',
    payload: body,
    headers: {
      'content-type': contentType,
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.authorization ? { authorization: options.authorization } : {}),
    },
  });
}

/** Uploads an image and returns its download path (for payloads that reference an image). */
export async function uploadedImageUrl(
  app: FastifyInstance,
  cookie: string,
  purpose = 'ticket',
  content = images.png,
): Promise<string> {
  const response = await uploadImage(app, { cookie, purpose, content });
  const { decodeResponse } = await import('@portal/contracts');
  const result = decodeResponse<{ file: { filename: string; url: string } }>(response.json());
  if (result.code !== 0) throw new Error(`upload failed: ${result.code} ${result.msg}`);
  return result.data.file.url;
}
