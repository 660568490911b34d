import { Box, type BoxProps, chakra } from '@chakra-ui/react';
import { useState } from 'react';
import { LuUser } from 'react-icons/lu';

export type ProfilePictureSize = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

export type ProfilePictureProps = Omit<BoxProps, 'children'> & {
  /** Address of the picture. Missing, or failing to load, shows a person icon instead. */
  src?: string | null;
  /** Whose picture it is: the image's alternative text. */
  name: string;
  /** Diameter of the picture. Defaults to `md`. */
  size?: ProfilePictureSize;
};

const diameters: Record<ProfilePictureSize, string> = {
  xs: '6',
  sm: '8',
  md: '10',
  lg: '16',
  xl: '24',
};

/** A round profile picture with a person icon when there is no picture or it fails to load. */
export function ProfilePicture({ src, name, size = 'md', ...rest }: ProfilePictureProps) {
  // Remembering which address failed resets the failure as soon as `src` changes.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const hasImage = Boolean(src) && failedSrc !== src;

  const handleError = () => setFailedSrc(src ?? null);

  return (
    <Box
      role={hasImage ? undefined : 'img'}
      aria-label={hasImage ? undefined : name}
      boxSize={diameters[size]}
      flexShrink={0}
      borderRadius="full"
      overflow="hidden"
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      bg="bg.muted"
      color="fg.muted"
      {...rest}
    >
      {hasImage ? (
        <chakra.img
          src={src ?? undefined}
          alt={name}
          onError={handleError}
          boxSize="full"
          objectFit="cover"
        />
      ) : (
        <LuUser aria-hidden size="60%" />
      )}
    </Box>
  );
}
