import { SimpleGrid } from '@chakra-ui/react';
import { features } from '../sections.content';
import { IconCard, Section } from './Section';

/**
 * Features: the five marketing claims, one card each. On wide screens the first three
 * share a row and the last two split the next one; on tablets the fifth card spans the row.
 */
export function Features() {
  return (
    <Section
      id="features"
      eyebrow="Features"
      title="Everything you need to learn by building"
      description="PathForge gives you the structure of a course and the experience of a real development team."
      bg="surface"
    >
      <SimpleGrid columns={{ base: 1, md: 2, lg: 6 }} gap={{ base: '5', md: '6' }}>
        {features.map(({ icon, title, description }, index) => (
          <IconCard
            key={title}
            icon={icon}
            title={title}
            description={description}
            bg="page"
            gridColumn={{
              md: index === features.length - 1 ? 'span 2' : 'span 1',
              lg: index < 3 ? 'span 2' : 'span 3',
            }}
          />
        ))}
      </SimpleGrid>
    </Section>
  );
}
