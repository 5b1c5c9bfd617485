import { SimpleGrid } from '@chakra-ui/react';
import { benefits } from '../sections.content';
import { IconCard, Section } from './Section';

/** Benefits: four cards. */
export function Benefits() {
  return (
    <Section
      id="benefits"
      eyebrow="Benefits"
      title="Why developers learn with PathForge"
      description="Projects teach what tutorials can’t: how to plan, build, debug and ship."
    >
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap={{ base: '5', md: '6' }}>
        {benefits.map(({ icon, title, description }) => (
          <IconCard key={title} icon={icon} title={title} description={description} />
        ))}
      </SimpleGrid>
    </Section>
  );
}
