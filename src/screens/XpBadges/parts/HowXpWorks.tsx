import { Box, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Info } from 'lucide-react';
import { TitledCard } from '../../../components/TitledCard/TitledCard';
import type { XpSummary } from '../../../api/xp/contract';

function Rules({ items }: { items: string[] }) {
  return (
    <Box as="ul" ps="5" listStyleType="disc" color="fg.muted" fontSize="sm">
      {items.map((rule) => (
        <Box as="li" key={rule} mb="1.5">
          {rule}
        </Box>
      ))}
    </Box>
  );
}

/** The rules the API uses, as it states them: XP, levels, streaks. */
export function HowXpWorks({ rules }: { rules: XpSummary['rules'] }) {
  return (
    <TitledCard title="How XP works" icon={<Info />} description="The same rules for every learner.">
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap={{ base: '5', lg: '8' }}>
        <Stack gap="5">
          <Stack gap="2">
            <Heading as="h3" size="sm">
              Earning XP
            </Heading>
            <Rules items={rules.xp} />
          </Stack>
          <Stack gap="2">
            <Heading as="h3" size="sm">
              Levels
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              {rules.level}
            </Text>
          </Stack>
        </Stack>
        <Stack gap="2">
          <Heading as="h3" size="sm">
            Streaks
          </Heading>
          <Rules items={rules.streak} />
        </Stack>
      </SimpleGrid>
    </TitledCard>
  );
}
