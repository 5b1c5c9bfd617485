import { Link as RouterLink } from 'react-router-dom';
import { LayoutDashboard, LogIn } from 'lucide-react';
import { LinkButton, type LinkButtonProps } from '../../../components/LinkButton/LinkButton';

type AccountButtonProps = { isSignedIn: boolean } & Pick<LinkButtonProps, 'size' | 'width'>;

/** The top bar's right-hand button: Dashboard when signed in, Sign In otherwise. */
export function AccountButton({ isSignedIn, size = 'sm', width }: AccountButtonProps) {
  return (
    <LinkButton asChild colorPalette="brand" size={size} width={width}>
      {isSignedIn ? (
        <RouterLink to="/app/dashboard">
          <LayoutDashboard aria-hidden="true" /> Dashboard
        </RouterLink>
      ) : (
        <RouterLink to="/login">
          <LogIn aria-hidden="true" /> Sign In
        </RouterLink>
      )}
    </LinkButton>
  );
}
