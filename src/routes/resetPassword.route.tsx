import { useMutation } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { ResetPasswordScreen } from '../screens/ResetPassword/ResetPasswordScreen';
import { authMutations } from '../api/auth/client';

export function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const reset = useMutation(authMutations.resetPassword());
  const status = reset.isPending ? 'submitting' : reset.isSuccess ? 'done' : 'idle';
  return <ResetPasswordScreen token={token} status={status} onSubmit={({ password }) => token && reset.mutate({ token, password })} />;
}
