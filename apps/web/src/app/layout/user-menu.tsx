import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useState } from 'react';
import { Link } from 'react-router';
import { webPaths } from '@seguridad/contracts/web-paths';
import { AccountIcon, signOut } from './account-controls';
import styles from './site-header.module.css';

/**
 * The signed-in visitor's menu. Non-modal on purpose: Radix's modal menu locks scrolling by
 * injecting a <style> element, which the site's CSP (style-src 'self') refuses.
 */
export function UserMenu() {
  const [leaving, setLeaving] = useState(false);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={styles.accountButton} aria-busy={leaving || undefined}>
        <AccountIcon />
        <span className={styles.accountLabel}>Mi cuenta</span>
        <span className={styles.chevron} aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.userMenu} align="end" sideOffset={8} collisionPadding={8}>
          <DropdownMenu.Item asChild className={styles.userMenuItem}>
            <Link to={webPaths.settings}>Configuración</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={styles.userMenuItem}>
            <Link to={webPaths.myPurchases}>Mis compras</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className={styles.userMenuSeparator} />
          <DropdownMenu.Item
            className={styles.userMenuItem}
            disabled={leaving}
            onSelect={() => {
              setLeaving(true);
              void signOut();
            }}
          >
            Salir
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
