import { Codes } from '@portal/contracts';
import { fileTypeFromBuffer } from 'file-type';
import { DomainError } from '../../lib/domain-error.js';
import { randomHex } from '../../lib/random.js';
import type { SessionUser } from '../sessions/service.js';
import type { UploadsRepository } from './repository.js';
import type { Staff } from '../staff/access.js';

/** 4 MB: the spec's image limit (图片限制在4M内). */
export const MAX_IMAGE_BYTES = 4 * 1024 * 1024;
export const IMAGE_TOO_LARGE = '图片限制在4M内';
export const IMAGE_TYPE_REFUSED = '图片格式仅支持 jpg、png、webp';
export const IMAGE_INVALID = '图片无效';
/** What a user hears once the images they keep reach UPLOAD_QUOTA_MB, in the tone of the 4 MB limit. */
export const uploadQuotaReached = (quotaBytes: number) =>
  `上传的图片总量限制在${Math.floor(quotaBytes / 1024 / 1024)}M内`;

export const uploadPurposes = ['ticket', 'avatar', 'prize'] as const;
export type UploadPurpose = (typeof uploadPurposes)[number];

/** Where a stored image is served; payloads that name an image carry this path. */
export const DOWNLOAD_PREFIX = '/api/file/downloads/';

const imageTypes: Record<string, { mime: 'image/jpeg' | 'image/png' | 'image/webp'; ext: string }> = {
  'image/jpeg': { mime: 'image/jpeg', ext: 'jpg' },
  'image/png': { mime: 'image/png', ext: 'png' },
  'image/webp': { mime: 'image/webp', ext: 'webp' },
};

/**
 * How long an upload nothing refers to is kept: an image uploaded for a form not yet submitted (a
 * ticket being written, an avatar being chosen) must survive until the form is sent.
 */
export const ORPHAN_GRACE_MS = 24 * 3_600_000;
/** Uploads deleted per statement by the cleanup (each statement is short; a run repeats it). */
export const ORPHAN_BATCH = 200;

/** Generated names only: 32 hex characters and one of our extensions. */
const NAME_PATTERN = /^[0-9a-f]{32}\.(jpg|png|webp)$/;

/** Decides whether `viewer` may see a private image (e.g. the owner of a ticket that shows it). */
export type ViewerRule = (name: string, viewer: SessionUser) => Promise<boolean>;

/** Staff upload prize images for everyone: their uploads have no total. */
const unlimited = (staff: Staff | null) => staff !== null;

/**
 * Images uploaded by users and operators. The type is decided from the bytes (magic numbers),
 * never from the file name or the declared type; the stored name is generated. Avatars and prize
 * images are public (shown to others); ticket images are private to their owner, admins, and
 * whoever a registered viewer rule lets in. A user keeps at most `quotaBytes` of images (referenced
 * ones stay for good, so the rate limit alone does not bound them).
 */
export function createUploadsService(repo: UploadsRepository, { quotaBytes }: { quotaBytes: number }) {
  const viewerRules: ViewerRule[] = [];

  return {
    /** `staff`: the uploader's back-office role (request.staff); prize images need prizes.edit. */
    async store(
      owner: SessionUser,
      purpose: UploadPurpose,
      content: Buffer,
      staff: Staff | null = null,
    ): Promise<{ filename: string; url: string }> {
      if (content.length === 0) throw new DomainError(Codes.INVALID_PAYLOAD, IMAGE_INVALID);
      if (content.length > MAX_IMAGE_BYTES) throw new DomainError(Codes.PAYLOAD_TOO_LARGE, IMAGE_TOO_LARGE);
      if (purpose === 'prize' && staff?.permissions.has('prizes.edit') !== true) {
        throw new DomainError(Codes.FORBIDDEN);
      }
      const detected = await fileTypeFromBuffer(content);
      const type = detected === undefined ? undefined : imageTypes[detected.mime];
      if (type === undefined) throw new DomainError(Codes.UNSUPPORTED_MEDIA, IMAGE_TYPE_REFUSED);
      const name = `${randomHex(16)}.${type.ext}`;
      const stored = await repo.insertWithin(
        {
          name,
          ownerId: owner.id,
          purpose,
          contentType: type.mime,
          size: content.length,
          content,
          isPublic: purpose !== 'ticket',
        },
        unlimited(staff) ? Number.POSITIVE_INFINITY : quotaBytes,
      );
      if (!stored) throw new DomainError(Codes.PAYLOAD_TOO_LARGE, uploadQuotaReached(quotaBytes));
      return { filename: name, url: `${DOWNLOAD_PREFIX}${name}` };
    },

    /** Bytes of images `ownerId` keeps stored (the admin user detail shows it). */
    totalBytes: (ownerId: string): Promise<number> => repo.totalBytes(ownerId),

    /**
     * The image and its type, when `viewer` (null: not signed in) may see it; otherwise nothing.
     * Staff with tickets.read see ticket images: `staffOf` is asked only for a private image that
     * is not the viewer's own (most images are public, and it may cost a query).
     */
    async read(name: string, viewer: SessionUser | null, staffOf: () => Promise<Staff | null> = async () => null) {
      if (!NAME_PATTERN.test(name)) return undefined;
      const meta = await repo.findMeta(name);
      if (meta === undefined) return undefined;
      if (!meta.isPublic) {
        if (viewer === null) return undefined;
        const allowed =
          viewer.id === meta.ownerId ||
          (await staffOf())?.permissions.has('tickets.read') === true ||
          (await someRule(viewerRules, name, viewer));
        if (!allowed) return undefined;
      }
      const row = await repo.find(name);
      if (row === undefined) return undefined;
      return { contentType: row.contentType, isPublic: row.isPublic, content: Buffer.from(row.content) };
    },

    /**
     * The stored name behind an image reference in a payload ('' = no image): the download path
     * or the bare name, of an image `user` uploaded for `purpose`. Anything else is refused with
     * 4001, so a payload can never point at someone else's file or at another address.
     */
    async ownImage(reference: string, user: SessionUser, purpose: UploadPurpose): Promise<string> {
      if (reference === '') return '';
      const name = reference.startsWith(DOWNLOAD_PREFIX) ? reference.slice(DOWNLOAD_PREFIX.length) : reference;
      if (!NAME_PATTERN.test(name)) throw new DomainError(Codes.INVALID_PAYLOAD, IMAGE_INVALID);
      const meta = await repo.findMeta(name);
      if (meta === undefined || meta.ownerId !== user.id || meta.purpose !== purpose) {
        throw new DomainError(Codes.INVALID_PAYLOAD, IMAGE_INVALID);
      }
      return `${DOWNLOAD_PREFIX}${name}`;
    },

    /**
     * Deletes the uploads older than the grace period that no image column refers to (an avatar
     * replaced, a ticket form abandoned), in batches until none is left; answers how many went.
     */
    async deleteOrphans({
      now = new Date(),
      batch = ORPHAN_BATCH,
    }: { now?: Date; batch?: number } = {}): Promise<number> {
      const before = new Date(now.getTime() - ORPHAN_GRACE_MS);
      let deleted = 0;
      for (;;) {
        const count = await repo.deleteOrphans(before, batch);
        deleted += count;
        if (count < batch) return deleted;
      }
    },

    /** Lets another module open private images to more viewers (tickets: the ticket's owner). */
    addViewerRule(rule: ViewerRule): void {
      viewerRules.push(rule);
    },
  };
}

async function someRule(rules: ViewerRule[], name: string, viewer: SessionUser): Promise<boolean> {
  for (const rule of rules) if (await rule(name, viewer)) return true;
  return false;
}

export type UploadsService = ReturnType<typeof createUploadsService>;
