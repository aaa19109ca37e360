import { useEffect, useMemo, useState } from 'react';
import { Menu, type MenuProps } from 'antd';
import { Link, matchPath, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NavIcon } from '../nav-icons';
import { navGroupIcons, navGroups, navRegistry, type NavEntry, type NavGroup, useNavAccess } from '../nav-registry';

/** The registry entry of a location: the screen itself, or for a detail screen the sidebar entry it belongs to. */
export function currentEntry(pathname: string): NavEntry | undefined {
  return navRegistry.find((e) => matchPath({ path: e.path, end: true }, pathname));
}

function menuEntryFor(pathname: string): NavEntry | undefined {
  const exact = currentEntry(pathname);
  if (exact?.group) return exact;
  if (exact?.id === 'home') return navRegistry.find((e) => e.id === 'main');
  // a detail or step screen: the sidebar entry with the longest common path start
  const inMenu = navRegistry.filter((e) => e.group && e.path !== '/' && pathname.startsWith(e.path));
  return inMenu.sort((a, b) => b.path.length - a.path.length)[0];
}

/** Areas grouped as a user thinks of them, only those the user's grants allow. */
export function SidebarMenu({ onNavigate, collapsed = false }: { onNavigate?: () => void; collapsed?: boolean }) {
  const { t } = useTranslation('nav');
  const allowed = useNavAccess();
  const { pathname } = useLocation();
  const active = menuEntryFor(pathname);
  const [openKeys, setOpenKeys] = useState<string[]>(() => (active?.group ? [`group:${active.group}`] : []));

  useEffect(() => {
    if (!active?.group) return;
    const key = `group:${active.group}`;
    setOpenKeys((keys) => (keys.includes(key) ? keys : [...keys, key]));
  }, [active?.group]);

  const items = useMemo<MenuProps['items']>(() => {
    const visible = navRegistry.filter((e) => e.group && allowed(e));
    return navGroups
      .map((group: NavGroup) => {
        const children = visible.filter((e) => e.group === group);
        if (children.length === 0) return null;
        return {
          key: `group:${group}`,
          icon: <NavIcon name={navGroupIcons[group]} />,
          label: t(`groups.${group}`),
          children: children.map((e) => {
            const Badge = e.badge;
            return {
              key: e.id,
              icon: <NavIcon name={e.icon} />,
              // the count stays outside the link: the link's name is the screen's title alone
              label: (
                <>
                  <Link to={e.path} onClick={onNavigate}>
                    {t(e.title)}
                  </Link>
                  {Badge ? <Badge /> : null}
                </>
              ),
            };
          }),
        };
      })
      .filter((item) => item !== null);
  }, [allowed, t, onNavigate]);

  return (
    <nav aria-label={t('titles.navigation')}>
      <Menu
        mode="inline"
        items={items}
        selectedKeys={active ? [active.id] : []}
        {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
        className="sidebar-menu"
      />
    </nav>
  );
}
