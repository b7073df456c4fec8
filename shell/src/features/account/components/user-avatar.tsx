import { Image, type ImageProps } from '@chakra-ui/react';

const LOGO = '/logo.png';

/** The user's avatar (user.icon), falling back to the site logo when absent or broken. */
export function UserAvatar({ icon, ...rest }: { icon: string | undefined } & Omit<ImageProps, 'src' | 'alt'>) {
  return (
    <Image
      src={icon || LOGO}
      alt=""
      borderRadius="full"
      objectFit="cover"
      bg="bg.muted"
      flexShrink={0}
      onError={(event) => {
        if (!event.currentTarget.src.endsWith(LOGO)) event.currentTarget.src = LOGO;
      }}
      {...rest}
    />
  );
}
