import { HStack, Text } from '@chakra-ui/react';

type LogoProps = { size?: 'sm' | 'md' | 'lg'; /** Hide the word mark (e.g. a collapsed sidebar). */ markOnly?: boolean };

const dimensions = { sm: 24, md: 32, lg: 40 } as const;
const fontSizes = { sm: 'md', md: 'xl', lg: '2xl' } as const;

/** PathForge's mark and word mark. */
export function Logo({ size = 'md', markOnly = false }: LogoProps) {
  const px = dimensions[size];
  return (
    <HStack gap="2" color="fg">
      <svg width={px} height={px} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="var(--chakra-colors-brand-solid)" />
        <path d="M9 23V9h8a5 5 0 0 1 0 10h-4v4z" fill="none" stroke="var(--chakra-colors-brand-contrast)" strokeWidth="3" strokeLinejoin="round" />
      </svg>
      {markOnly ? (
        <Text as="span" srOnly>
          PathForge
        </Text>
      ) : (
        <Text as="span" fontWeight="800" fontSize={fontSizes[size]} letterSpacing="-0.02em">
          Path
          <Text as="span" color="brand.fg">
            Forge
          </Text>
        </Text>
      )}
    </HStack>
  );
}
