import type { UserView } from '@domain/schemas/user';
import { UserIcon } from '@web/components/icons/icons';
import { useAuth } from '@web/lib/auth/useAuth';
import { useLogout } from '@web/lib/auth/useLogout';
import Button from 'react-bootstrap/Button';
import Dropdown from 'react-bootstrap/Dropdown';
import { Link } from 'react-router';
import { menuItemsFor, menuLabel } from './menuItems';
import { useBenchmarkDownload } from './useBenchmarkDownload';

/** The top bar's user menu (docs/product.md#screens-menu). */
export function UserMenu({ user }: { user: UserView }) {
  const { role } = useAuth();
  const logout = useLogout();
  const benchmark = useBenchmarkDownload();
  const items = menuItemsFor(role);

  // A visitor's menu would hold Logout alone, so it is a plain button.
  if (items.length === 1 && items[0]?.kind === 'logout') {
    return (
      <Button variant="outline-light" size="sm" className="smr-logout-button" onClick={logout}>
        Logout
      </Button>
    );
  }

  return (
    <Dropdown align="end" className="smr-user-menu">
      <Dropdown.Toggle variant="outline-light" id="smr-user-menu-toggle" className="smr-user-toggle">
        <UserIcon size={18} />
        <span className="smr-user-name">{menuLabel(user.fullName, user.userName)}</span>
      </Dropdown.Toggle>
      <Dropdown.Menu className="smr-user-dropdown">
        <Dropdown.Header className="smr-user-header" aria-level={2}>
          <span className="smr-user-header-name">{user.fullName}</span>
          {user.group?.name ? <span className="smr-user-header-role">{user.group.name}</span> : null}
        </Dropdown.Header>
        <Dropdown.Divider />
        {items.map((item) => {
          switch (item.kind) {
            case 'link':
              return (
                <Dropdown.Item key={item.label} as={Link} to={item.to}>
                  {item.label}
                </Dropdown.Item>
              );
            case 'download-benchmark':
              return (
                <Dropdown.Item
                  key={item.label}
                  as="button"
                  disabled={benchmark.busy}
                  onClick={() => void benchmark.download()}
                >
                  {item.label}
                </Dropdown.Item>
              );
            case 'logout':
              return [
                <Dropdown.Divider key="logout-divider" />,
                <Dropdown.Item key={item.label} as="button" onClick={logout}>
                  {item.label}
                </Dropdown.Item>,
              ];
            default:
              return null;
          }
        })}
      </Dropdown.Menu>
    </Dropdown>
  );
}
