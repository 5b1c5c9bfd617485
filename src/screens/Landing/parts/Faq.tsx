import { useId, useState, type KeyboardEvent } from 'react';
import { Box, Heading, Icon, Text, chakra } from '@chakra-ui/react';
import { ChevronDown } from 'lucide-react';
import { faqs } from '../sections.content';
import { Section } from './Section';

/** Where Arrow Down / Up, Home and End move the focus among the questions (WAI-ARIA accordion pattern). */
const targets: Record<string, (index: number, count: number) => number> = {
  ArrowDown: (index, count) => (index + 1) % count,
  ArrowUp: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};

function moveFocus(event: KeyboardEvent<HTMLButtonElement>) {
  const target = targets[event.key];
  const list = event.currentTarget.closest('[data-faq-list]');
  if (!target || !list) return;
  const triggers = [...list.querySelectorAll<HTMLButtonElement>('[data-faq-trigger]')];
  event.preventDefault();
  triggers[target(triggers.indexOf(event.currentTarget), triggers.length)]?.focus();
}

/**
 * FAQs: an accordion, one item open at a time (the first on arrival); clicking the open
 * item closes it. Each question is an h3 holding a button that shows or hides its answer region.
 */
export function Faq() {
  const [open, setOpen] = useState<number | null>(0);
  const baseId = useId();

  return (
    <Section id="faqs" eyebrow="FAQs" title="Frequently asked questions" description="Everything you need to know before you start building.">
      <Box data-faq-list="" maxW="3xl" mx="auto" bg="surface" borderWidth="1px" borderColor="border" rounded="2xl" px={{ base: '4', md: '6' }} boxShadow="xs">
        {faqs.map(({ question, answer }, index) => {
          const isOpen = open === index;
          const triggerId = `${baseId}-q${index}`;
          const panelId = `${baseId}-a${index}`;
          return (
            <Box key={question} borderBottomWidth={index === faqs.length - 1 ? '0' : '1px'} borderColor="border">
              <Heading as="h3" fontSize="inherit" fontWeight="inherit">
                <chakra.button
                  type="button"
                  id={triggerId}
                  data-faq-trigger=""
                  aria-expanded={isOpen}
                  aria-controls={panelId}
                  onClick={() => setOpen(isOpen ? null : index)}
                  onKeyDown={moveFocus}
                  display="flex"
                  alignItems="center"
                  gap="3"
                  width="full"
                  py="5"
                  textAlign="start"
                  fontWeight="semibold"
                  fontSize={{ base: 'md', md: 'lg' }}
                  lineHeight="1.75rem"
                  rounded="l2"
                  cursor="pointer"
                  outline="0"
                  _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing' }}
                >
                  <Text as="span" flex="1" textAlign="start">
                    {question}
                  </Text>
                  <Icon asChild boxSize="1.2em" color="brand.fg" transformOrigin="center" rotate={isOpen ? '180deg' : '0deg'} transition="rotate 0.2s">
                    <ChevronDown aria-hidden="true" />
                  </Icon>
                </chakra.button>
              </Heading>
              <Box role="region" id={panelId} aria-labelledby={triggerId} hidden={!isOpen} pb="5" pe="8" color="fg.muted" fontSize={{ base: 'md', md: 'lg' }}>
                {answer}
              </Box>
            </Box>
          );
        })}
      </Box>
    </Section>
  );
}
