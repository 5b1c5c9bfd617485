import { Button, type ButtonProps } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { LayoutDashboard, LogIn } from 'lucide-react';

type AccountButtonProps = { isSignedIn: boolean } & Pick<ButtonProps, 'size' | 'width'>;

/** The top bar's right-hand button (spec §2): Dashboard when signed in, Sign In otherwise. */
export function AccountButton({ isSignedIn, size = 'sm', width }: AccountButtonProps) {
  return (
    <Button asChild colorPalette="brand" size={size} width={width}>
      {isSignedIn ? (
        <RouterLink to="/app/dashboard">
          <LayoutDashboard aria-hidden="true" /> Dashboard
        </RouterLink>
      ) : (
        <RouterLink to="/login">
          <LogIn aria-hidden="true" /> Sign In
        </RouterLink>
      )}
    </Button>
  );
}
