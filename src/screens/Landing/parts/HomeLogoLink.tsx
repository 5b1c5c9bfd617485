import { Link } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { Logo } from '../../../components/Logo/Logo';

/** The logo, leading to `/`. */
export function HomeLogoLink() {
  return (
    <Link asChild rounded="md" outlineOffset="4px" _hover={{ textDecoration: 'none' }}>
      <RouterLink to="/" aria-label="PathForge home">
        <Logo />
      </RouterLink>
    </Link>
  );
}
