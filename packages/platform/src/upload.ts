import ky from 'ky';
import { Codes, decodeResponse, toastMs } from '@portal/contracts';
import { NETWORK_ERROR_MESSAGE, NETWORK_ERROR_TOAST, serverHost, type CallResult } from './api-client.js';
import { notify } from './notify.js';

/** The spec's image rule (tickets, avatar, prize image): under 4 MB, jpg / png / webp. */
export const MAX_IMAGE_BYTES = 4 * 1024 * 1024;
export const IMAGE_TOO_LARGE_MESSAGE = '图片限制在4M内';
export const IMAGE_TYPE_MESSAGE = '图片格式仅支持 jpg、png、webp';
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp';

export type UploadPurpose = 'ticket' | 'avatar' | 'prize';
export interface UploadedImage {
  filename: string;
  /** Same-origin path the image is served at (what payloads carry as imageUrl / icon / photoUrl). */
  url: string;
}

const http = ky.create({ credentials: 'include', throwHttpErrors: false, retry: 0, timeout: 60000 });

/**
 * Uploads one image to /api/file/upload. Size and declared type are checked here first so the
 * user hears about them at once; the server checks the bytes again whatever the browser says.
 */
export async function uploadImage(file: Blob, purpose: UploadPurpose): Promise<CallResult<UploadedImage | null>> {
  if (file.size > MAX_IMAGE_BYTES)
    return { status: 413, code: Codes.PAYLOAD_TOO_LARGE, data: null, msg: IMAGE_TOO_LARGE_MESSAGE };
  if (!IMAGE_ACCEPT.split(',').includes(file.type)) {
    return { status: 415, code: Codes.UNSUPPORTED_MEDIA, data: null, msg: IMAGE_TYPE_MESSAGE };
  }
  const form = new FormData();
  form.append('purpose', purpose);
  form.append('file', file, file instanceof File ? file.name : 'image');
  let response: Response;
  try {
    response = await http.post(`${serverHost()}/api/file/upload`, { body: form });
  } catch {
    notify({ kind: 'error', title: NETWORK_ERROR_TOAST, durationMs: toastMs.short });
    return { status: 502, code: -1, data: null, msg: NETWORK_ERROR_MESSAGE };
  }
  try {
    const result = decodeResponse<{ file: UploadedImage }>(await response.json());
    return {
      status: response.status,
      code: result.code,
      msg: result.msg,
      data: result.code === 0 ? result.data.file : null,
    };
  } catch {
    return { status: response.status, code: -1, data: null, msg: '' };
  }
}
