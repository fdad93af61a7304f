import { createHash } from 'node:crypto';
import type { Db } from '../../db/database';
import { badRequest } from '../../http-error';
import * as repo from './repo';

/** The largest picture kept: enough for a sharp avatar, small enough to serve from the database. */
export const PICTURE_MAX_BYTES = 512 * 1024;

/** The image types taken, by the bytes they start with (the declared type is not trusted). */
const SIGNATURES: { type: string; matches: (bytes: Buffer) => boolean }[] = [
  {
    type: 'image/png',
    matches: (bytes) =>
      bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { type: 'image/jpeg', matches: (bytes) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff },
  {
    type: 'image/webp',
    matches: (bytes) =>
      bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
      bytes.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

/** The image type the bytes really are, or null. */
export function sniffImageType(bytes: Buffer): string | null {
  return SIGNATURES.find((signature) => signature.matches(bytes))?.type ?? null;
}

/** Where a profile's picture is served (the spec's `/profile/dp/{account}.dp`). */
export const picturePath = (accountId: string) => `/profile/dp/${accountId}.dp`;

/**
 * The picture of an account without one: a circle in a colour of its own with the account's last
 * digits. Made only of digits and a number, so nothing the client sent ends up in the markup.
 */
export function generatedAvatar(accountId: string): string {
  const digest = createHash('sha256').update(accountId).digest();
  const hue = digest.readUInt16BE(0) % 360;
  const label = (accountId.split('.').at(-1) ?? '').replace(/\D/g, '').slice(-3);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128"><rect width="128" height="128" rx="64" fill="hsl(${hue} 55% 42%)"/><text x="64" y="76" font-family="system-ui,sans-serif" font-size="36" font-weight="700" fill="#fff" text-anchor="middle">${label}</text></svg>`;
}

/** The address of the account's uploaded picture (versioned, so a new one is fetched), or null. */
export async function pictureAddress(db: Db, accountId: string): Promise<string | null> {
  const updatedAt = await repo.pictureUpdatedAt(db, accountId);
  return updatedAt ? `${picturePath(accountId)}?v=${updatedAt.getTime()}` : null;
}

export function createPictureService(db: Db) {
  return {
    /** Stores a checked picture; answers its address, with a version so browsers fetch the new one. */
    async set(accountId: string, image: Buffer): Promise<{ dp: string }> {
      if (image.length === 0) throw badRequest('BAD_IMAGE', 'Send the picture as the request body');
      const contentType = sniffImageType(image);
      if (!contentType) throw badRequest('BAD_IMAGE', 'The picture must be a PNG, JPEG or WebP image');
      const updatedAt = new Date();
      await repo.savePicture(db, { accountId, contentType, image, updatedAt });
      return { dp: `${picturePath(accountId)}?v=${updatedAt.getTime()}` };
    },

    get: (accountId: string) => repo.findPicture(db, accountId),
  };
}
export type PictureService = ReturnType<typeof createPictureService>;
