import { css, type Theme } from '@emotion/react';
import { useState } from 'react';
import fallbackImage from '../assets/event-fallback.svg?no-inline';

/** The intrinsic size the layout reserves (16:9), so the card does not jump while the image loads. */
export const eventImageSize = { width: 640, height: 360 } as const;

const image = (theme: Theme) => css`
  display: block;
  width: 100%;
  height: auto;
  aspect-ratio: 16 / 9;
  object-fit: cover;
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surfaceRaised};
`;

export interface EventImageProps {
  src: string;
  alt: string;
  /** Shown instead of an image that fails to load; the app's own picture by default. */
  fallback?: string;
}

/**
 * An event's image, loaded lazily; one that fails to load is replaced by the default image shipped with the app,
 * once (if that failed too, it would not loop).
 */
export function EventImage({ src, alt, fallback = fallbackImage }: EventImageProps) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      css={image}
      src={failed ? fallback : src}
      alt={alt}
      width={eventImageSize.width}
      height={eventImageSize.height}
      loading="lazy"
      decoding="async"
      data-fallback={failed ? 'true' : undefined}
      onError={() => {
        if (!failed) setFailed(true);
      }}
    />
  );
}
