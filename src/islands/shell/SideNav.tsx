import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { Icon } from '../../components/Icon';
import { $navOpen, closeNav } from '../../lib/stores/shell';
import { useHydratedStore } from '../../lib/stores/hydrated';
import { $unreadWorkrooms } from '../../lib/stores/realtime';
import type { NavEntry, NavGroup, NavLink } from '../../lib/shell-rules';

interface Props {
  entries: NavEntry[];
  /** The href of the current link (aria-current="page"). */
  currentHref: string | null;
}

function Badge({ link: given }: { link: NavLink }) {
  // The Workrooms badge follows realtime (the shell's bridge keeps $unreadWorkrooms current).
  const liveUnread = useHydratedStore($unreadWorkrooms, null);
  const link = given.href === '/workrooms' && liveUnread !== null ? { ...given, badge: liveUnread, badgeLabel: `${liveUnread} unread` } : given;
  if (link.badge === undefined) return null;
  // The badge's box is always there so counts arriving later do not move the label.
  return (
    <span className={`sidenav__badge${link.badge > 0 ? '' : ' sidenav__badge--empty'}`} aria-hidden={link.badge > 0 ? undefined : true}>
      {link.badge > 0 ? (
        <>
          {link.badge > 99 ? '99+' : link.badge}
          <span className="cp-sr-only"> {link.badgeLabel}</span>
        </>
      ) : null}
    </span>
  );
}

function Item({ link, current }: { link: NavLink; current: boolean }) {
  return (
    <li>
      <a className="sidenav__link" href={link.href} aria-current={current ? 'page' : undefined}>
        <Icon name={link.icon} size={20} />
        <span className="sidenav__label">{link.label}</span>
        <Badge link={link} />
      </a>
    </li>
  );
}

function Group({ group, currentHref }: { group: NavGroup; currentHref: string | null }) {
  const [expanded, setExpanded] = useState(group.expanded);
  const listId = `nav-group-${group.id}`;
  const unread = group.items.reduce((sum, i) => sum + (i.badge ?? 0), 0);
  return (
    <li className="sidenav__group">
      <button type="button" className="sidenav__group-button" aria-expanded={expanded} aria-controls={listId} onClick={() => setExpanded((v) => !v)}>
        <Icon name={group.icon} size={20} />
        <span className="sidenav__label">{group.label}</span>
        {!expanded && unread > 0 ? <span className="sidenav__dot" title={`${unread} unread`} aria-label={`${unread} unread`} /> : null}
        <Icon name={expanded ? 'chevron-up' : 'chevron-down'} size={18} className="sidenav__chevron" />
      </button>
      <ul id={listId} className="sidenav__list sidenav__list--nested" hidden={!expanded}>
        {group.items.map((link) => (
          <Item key={link.href} link={link} current={link.href === currentHref} />
        ))}
      </ul>
    </li>
  );
}

/**
 * The left navigation. On wide screens it is a fixed column; below 1024 px it is an off-canvas drawer
 * opened by the top bar's menu button: Esc or the backdrop closes it and focus goes back to the button.
 */
export default function SideNav({ entries, currentHref }: Props) {
  const open = useStore($navOpen);
  const navRef = useRef<HTMLElement>(null);
  const wasOpen = useRef(false);

  useEffect(() => {
    document.body.classList.toggle('nav-open', open);
    // While the drawer is open the rest of the page is inert, so Tab stays inside the drawer.
    const outside = document.querySelectorAll<HTMLElement>('[data-drawer-inert]');
    outside.forEach((el) => {
      el.inert = open;
    });
    if (!open) {
      // Back from the drawer: focus returns to the menu button that opened it.
      if (wasOpen.current) document.getElementById('nav-menu-button')?.focus();
      wasOpen.current = false;
      return;
    }
    wasOpen.current = true;
    navRef.current?.querySelector<HTMLElement>('.sidenav__list a, .sidenav__list button')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') closeNav();
    };
    const onResize = () => {
      if (window.innerWidth >= 1024) closeNav();
    };
    document.addEventListener('keydown', onKey);
    window.addEventListener('resize', onResize);
    return () => {
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('resize', onResize);
    };
  }, [open]);

  return (
    <>
      <nav id="app-nav" ref={navRef} className={`sidenav${open ? ' sidenav--open' : ''}`} aria-label="Main">
        <div className="sidenav__drawer-head">
          <span className="sidenav__drawer-title">Menu</span>
          <button type="button" className="topbar__icon-button" aria-label="Close menu" onClick={closeNav}>
            <Icon name="close" size={22} />
          </button>
        </div>
        <ul className="sidenav__list">
          {entries.map((e) =>
            e.kind === 'link' ? (
              <Item key={e.link.href} link={e.link} current={e.link.href === currentHref} />
            ) : (
              <Group key={e.group.id} group={e.group} currentHref={currentHref} />
            ),
          )}
        </ul>
      </nav>
      <div className="sidenav__backdrop" hidden={!open} onClick={closeNav} />
    </>
  );
}
