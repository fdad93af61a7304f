import { useRef, useState } from 'react';
import { ApiRequestError } from '@registry/api-client/client';
import { Button } from '@registry/ui/button';
import { PICTURE_MAX_BYTES, PICTURE_TYPES, profileApi } from '../api/profile-api';

export const PICTURE_RULE = 'The picture must be a PNG, JPEG or WebP image of at most 512 KB.';

/** The account's picture (a generated one until it uploads its own), and a way to change it. */
export function ProfilePicture({
  accountId,
  dp,
  onChanged,
}: {
  accountId: string;
  dp: string | null;
  onChanged: () => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    if (!PICTURE_TYPES.includes(file.type) || file.size > PICTURE_MAX_BYTES) return setMessage(PICTURE_RULE);
    setMessage(null);
    setUploading(true);
    try {
      await profileApi.uploadProfilePicture(file);
      onChanged();
    } catch (error) {
      setMessage(
        error instanceof ApiRequestError ? error.message : 'The picture could not be uploaded; try again',
      );
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="profile-picture">
      <img
        className="profile-picture__image"
        src={dp ?? `/profile/dp/${accountId}.dp`}
        alt="Profile picture"
        width={72}
        height={72}
      />
      <input
        ref={input}
        className="ui-visually-hidden"
        type="file"
        accept={PICTURE_TYPES.join(',')}
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => void upload(event.target.files?.[0])}
      />
      <Button variant="ghost" disabled={uploading} onClick={() => input.current?.click()}>
        {uploading ? 'Uploading…' : 'Change picture'}
      </Button>
      {message ? (
        <p className="profile-picture__message" role="alert">
          {message}
        </p>
      ) : null}
    </div>
  );
}
