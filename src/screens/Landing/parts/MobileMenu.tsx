import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { Box, IconButton, Link, Stack } from '@chakra-ui/react';
import { Menu, X } from 'lucide-react';
import { mobileNavLinks } from '../content';
import { AccountButton } from './AccountButton';
import { hrefOf } from './useSectionNav';

type MobileMenuProps = { isSignedIn: boolean; goTo(id: string): void };

/** True for a click the browser should handle itself (new tab, new window...). */
const isModified = (event: MouseEvent) => event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;

/**
 * The phone menu (below 768 px): a disclosure. Its button shows or hides a panel right under the
 * fixed top bar with Home, Features, Benefits, Pricing and FAQs (never How It Work) and the
 * Sign In / Dashboard button. A link closes the panel and scrolls to its section; Escape closes it
 * and puts the focus back on the button; so does a click or tap anywhere outside it (focus aside).
 *
 * The panel is positioned against the top bar's Container (position: relative, the full width of
 * the bar below `md`), so it stays in the header landmark and in the tab order right after the button.
 */
export function MobileMenu({ isSignedIn, goTo }: MobileMenuProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (panel.current?.contains(target) || toggle.current?.contains(target)) return;
      setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  const follow = (id: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (isModified(event)) return;
    event.preventDefault();
    setOpen(false);
    goTo(id);
    // A section's heading takes the focus; Home (the top) has none: keep it off the hidden link.
    if (id === '') toggle.current?.focus();
  };

  return (
    <>
      <IconButton
        ref={toggle}
        aria-label={open ? 'Close menu' : 'Open menu'}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        variant="ghost"
        size="sm"
        display={{ base: 'inline-flex', md: 'none' }}
      >
        {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
      </IconButton>
      <Box
        as="nav"
        ref={panel}
        id={panelId}
        aria-label="Menu"
        hidden={!open}
        display={{ base: 'block', md: 'none' }}
        position="absolute"
        top="100%"
        insetX="0"
        maxH="calc(100dvh - 4rem)"
        overflowY="auto"
        bg="surface"
        borderTopWidth="1px"
        borderBottomWidth="1px"
        borderColor="border"
        boxShadow="lg"
        px="4"
        pt="3"
        pb="5"
      >
        <Stack as="ul" listStyleType="none" gap="1">
          {mobileNavLinks.map(({ label, id }) => (
            <li key={label}>
              <Link
                href={hrefOf(id)}
                onClick={follow(id)}
                display="block"
                px="3"
                py="3"
                rounded="lg"
                fontSize="md"
                fontWeight="medium"
                color="fg"
                _hover={{ bg: 'bg.muted', textDecoration: 'none' }}
              >
                {label}
              </Link>
            </li>
          ))}
        </Stack>
        <Box mt="3" pt="4" borderTopWidth="1px" borderColor="border">
          <AccountButton isSignedIn={isSignedIn} size="lg" width="full" />
        </Box>
      </Box>
    </>
  );
}
