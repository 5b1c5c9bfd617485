import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Box, Container, Flex, Heading, Stack, Text, type BoxProps } from '@chakra-ui/react';

type SectionProps = {
  /** The anchor (`#id`); the heading gets `${id}-title`. */
  id: string;
  eyebrow: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  bg?: BoxProps['bg'];
};

/**
 * One landing page section: a `<section>` named by its h2. Its scroll margin keeps the heading below
 * the fixed top bar (4rem) with room to spare when an anchor scrolls to it.
 */
export function Section({ id, eyebrow, title, description, children, bg }: SectionProps) {
  const titleId = `${id}-title`;
  return (
    <Box as="section" id={id} aria-labelledby={titleId} scrollMarginTop="5rem" bg={bg} py={{ base: '14', md: '24' }}>
      <Container maxW="7xl" px={{ base: '4', md: '6', lg: '8' }}>
        <Stack gap="4" maxW="2xl" mx="auto" textAlign="center" mb={{ base: '8', md: '14' }}>
          <Text fontSize="sm" fontWeight="semibold" color="brand.fg" textTransform="uppercase" letterSpacing="wider">
            {eyebrow}
          </Text>
          <Heading
            as="h2"
            id={titleId}
            data-section-heading=""
            tabIndex={-1}
            size={{ base: '3xl', md: '4xl' }}
            letterSpacing="-0.025em"
            lineHeight="1.15"
            _focus={{ outline: 'none' }}
          >
            {title}
          </Heading>
          {description && (
            <Text fontSize={{ base: 'md', md: 'lg' }} color="fg.muted">
              {description}
            </Text>
          )}
        </Stack>
        {children}
      </Container>
    </Box>
  );
}

type IconCardProps = { icon: LucideIcon; title: string; description: string } & BoxProps;

/** A bordered card with an icon tile, an h3 and a line of copy. */
export function IconCard({ icon: Icon, title, description, ...rest }: IconCardProps) {
  return (
    <Box
      as="article"
      bg="surface"
      borderWidth="1px"
      borderColor="border"
      rounded="2xl"
      p={{ base: '5', md: '7' }}
      boxShadow="xs"
      transition="box-shadow 0.2s, border-color 0.2s"
      _hover={{ boxShadow: 'md', borderColor: 'brand.border' }}
      {...rest}
    >
      <Stack gap={{ base: '3', md: '4' }}>
        {/* On a phone the icon sits beside the title, to keep the long page short. */}
        <Flex direction={{ base: 'row', md: 'column' }} align={{ base: 'center', md: 'flex-start' }} gap={{ base: '3', md: '4' }}>
          <Box
            display="flex"
            flexShrink={0}
            alignItems="center"
            justifyContent="center"
            boxSize={{ base: '10', md: '11' }}
            rounded="xl"
            bg="brand.subtle"
            color="brand.fg"
            borderWidth="1px"
            borderColor="brand.muted"
          >
            <Icon size={22} aria-hidden="true" />
          </Box>
          <Heading as="h3" size="lg" letterSpacing="-0.01em">
            {title}
          </Heading>
        </Flex>
        <Text color="fg.muted">{description}</Text>
      </Stack>
    </Box>
  );
}
