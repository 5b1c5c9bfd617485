import { Box, Image, SimpleGrid, Text } from '@chakra-ui/react';
import { overviewId, overviewShots } from '../sections.content';
import { Section } from './Section';

/** Platform overview: three screenshots of PathForge's own screens, served from public/. */
export function Overview() {
  return (
    <Section
      id={overviewId}
      eyebrow="Platform overview"
      title="See PathForge in action"
      description="A clean, focused workspace: no clutter between you and the next thing to build."
    >
      <SimpleGrid columns={{ base: 1, md: 3 }} gap={{ base: '6', md: '5', lg: '8' }}>
        {overviewShots.map(({ src, alt, title, width, height }) => (
          <Box as="figure" key={src} m="0">
            <Box rounded="xl" overflow="hidden" borderWidth="1px" borderColor="border" bg="surface" boxShadow="lg">
              {/* A browser-window frame around the screenshot; decoration only. */}
              <Box aria-hidden="true" display="flex" gap="1.5" px="3" py="2.5" borderBottomWidth="1px" bg="bg.subtle">
                {[0, 1, 2].map((dot) => (
                  <Box key={dot} boxSize="2.5" rounded="full" bg="border" />
                ))}
              </Box>
              <Image
                src={src}
                alt={alt}
                htmlWidth={width}
                htmlHeight={height}
                loading="lazy"
                decoding="async"
                display="block"
                w="full"
                // The same window onto each screen: its top, at 4:3, whatever the page's length.
                aspectRatio="4 / 3"
                objectFit="cover"
                objectPosition="top"
              />
            </Box>
            <Text as="figcaption" mt="4" textAlign="center" fontWeight="semibold">
              {title}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
    </Section>
  );
}
