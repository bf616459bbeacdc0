import { useStore } from '@nanostores/react';
import { Icon } from '../../components/Icon';
import { $navOpen, toggleNav } from '../../lib/stores/shell';

/** The top bar's menu button that opens the navigation drawer below 1024 px (hidden by CSS on wider screens). */
export default function NavMenuButton() {
  const open = useStore($navOpen);
  return (
    <button
      type="button"
      id="nav-menu-button"
      className="topbar__menu-button"
      aria-controls="app-nav"
      aria-expanded={open}
      aria-label={open ? 'Close menu' : 'Open menu'}
      onClick={toggleNav}
    >
      <Icon name={open ? 'close' : 'menu'} size={22} />
    </button>
  );
}
