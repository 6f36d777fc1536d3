import styled from '@emotion/styled';
import { madeOnce } from '../../theme/made-once';

const Circle = styled('span')(
  madeOnce({
    flexShrink: 0,
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    borderRadius: '50%',
    overflow: 'hidden',
    bgcolor: 'primary.main',
    color: 'primary.contrastText',
    fontWeight: 700,
    '& > img': { width: '100%', height: '100%', objectFit: 'cover' },
  }),
);

/** "Daniel Huynh" -> "DH": the drawn picture of an author without a photo. */
export function initialsOf(name: string): string {
  const words = name.split(/[\s-]+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((w) => w[0]!.toUpperCase()).join('');
}

/** Their photo, or their initials drawn by the site; decorative beside their name. */
export function AuthorAvatar({ name, photoUrl, size }: { name: string; photoUrl: string | null | undefined; size: number }) {
  return (
    <Circle aria-hidden="true" style={{ width: size, height: size, fontSize: size * 0.38 }}>
      {photoUrl ? <img src={photoUrl} alt="" width={size} height={size} loading="lazy" /> : initialsOf(name)}
    </Circle>
  );
}
