import { SimpleGrid } from '@chakra-ui/react';
import { audiences } from '../sections.content';
import { IconCard, Section } from './Section';

/** Who Is it For: beginners, bootcamp graduates and career switchers. */
export function Audience() {
  return (
    <Section
      id="whoIsItFor"
      eyebrow="Who Is it For"
      title="Built for wherever you’re starting from"
      description="Wherever you start, PathForge meets you there and takes you further."
      bg="surface"
    >
      <SimpleGrid columns={{ base: 1, md: 3 }} gap={{ base: '5', md: '6' }}>
        {audiences.map(({ icon, title, description }) => (
          <IconCard key={title} icon={icon} title={title} description={description} bg="page" />
        ))}
      </SimpleGrid>
    </Section>
  );
}
