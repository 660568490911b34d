import { Button } from '@coach/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuLogOut } from 'react-icons/lu';
import { useSetAtom } from '../../../state/jotai.ts';
import { logoutAtom } from '../../session/index.ts';

/** The logout button at the bottom of the left menu. */
export function LogoutButton() {
  const { t } = useTranslation();
  const logout = useSetAtom(logoutAtom);
  const [isLoggingOut, setIsLoggingOut] = useState(false);
  const handleLogout = async () => {
    setIsLoggingOut(true);
    try {
      await logout();
    } finally {
      setIsLoggingOut(false);
    }
  };
  return (
    <Button
      variant="ghost"
      width="full"
      justifyContent="flex-start"
      icon={<LuLogOut aria-hidden />}
      isLoading={isLoggingOut}
      onClick={handleLogout}
    >
      {t('nav.logout')}
    </Button>
  );
}
