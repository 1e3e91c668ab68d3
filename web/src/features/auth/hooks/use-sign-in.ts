import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { setToken } from '../../../lib/auth-storage';
import { ME_KEY } from '../../../lib/session';
import type { AuthResult } from '../api/auth-api';

/** Store the token, seed the user query and go to /dashboard. */
export function useSignIn() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  return (result: AuthResult, to = '/dashboard') => {
    qc.setQueryData([...ME_KEY, result.token], result.user);
    setToken(result.token);
    navigate(to, { replace: true });
  };
}
