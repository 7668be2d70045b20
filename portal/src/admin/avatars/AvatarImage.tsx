import { Icon, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useAuth } from '../../auth/AuthProvider';
import { avatarKeys, fetchAvatarImage, type Avatar } from '../api/avatars';
import './avatars.css';

// An avatar's profile image. The image route needs the Bearer token, so the bytes are fetched
// with the API client and shown through an object URL (released when the image changes).

export function useObjectUrl(blob: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

export function AvatarImage(props: { avatar: Avatar; size: number }) {
  const { client } = useAuth();
  const { avatar, size } = props;
  const image = useQuery({
    queryKey: avatarKeys.image(avatar.id, avatar.updated_at),
    queryFn: ({ signal }) => fetchAvatarImage(client, avatar.id, signal),
    enabled: avatar.has_image,
    staleTime: 5 * 60_000,
  });
  const url = useObjectUrl(image.data);
  const style = { width: size, height: size };
  if (!avatar.has_image)
    return (
      <span className="im-avatar im-avatar-empty" style={style} title="No image">
        <Icon icon="person" size={Math.round(size * 0.6)} />
      </span>
    );
  if (image.error)
    return (
      <span className="im-avatar im-avatar-empty" style={style} title="The image could not be loaded">
        <Icon icon="error" intent="danger" size={Math.round(size * 0.5)} />
      </span>
    );
  if (!url)
    return (
      <span className="im-avatar im-avatar-empty" style={style}>
        <Spinner size={Math.round(size * 0.6)} />
      </span>
    );
  return <img className="im-avatar" src={url} alt={`Image of ${avatar.name}`} style={style} />;
}
