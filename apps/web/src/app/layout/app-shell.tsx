import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Drawer, Layout, Skeleton } from 'antd';
import { Route, Routes, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { sidebarCollapseBelowPx } from '@pharma/contracts';
import { Copyright } from '../../components/copyright';
import { NoAccess } from '../../components/no-access';
import { NotFound } from '../../components/not-found';
import { PageErrorBoundary } from '../../components/page-error-boundary';
import { PageHeader } from '../../components/page-header';
import { SupportPhone } from '../../components/support-phone';
import { useKeyboardScrollableTables } from '../../components/table-a11y';
import { UnderDevelopment } from '../../components/under-development';
import { useSupportPhone } from '../../lib/app-config';
import { phoneBelowPx, useWindowWidth } from '../../lib/use-window-width';
import { NotificationPopups } from '../../features/notifications';
import { homeScreens, navRegistry, type NavEntry, useNavAccess } from '../nav-registry';
import { HomePage } from '../home-page';
import { Brand } from './brand';
import { OfflineBanner } from './offline-banner';
import { HeaderBar } from './header-bar';

// the sidebar's menu (antd's Menu) comes after the first screen: on a phone it waits in the closed drawer (issue 16)
const SidebarMenu = lazy(() => import('./sidebar-menu').then((m) => ({ default: m.SidebarMenu })));

/** Every signed-in screen: left sidebar (a drawer on a phone), header, main area, footer. */
export function AppShell() {
  const width = useWindowWidth();
  const phone = width < phoneBelowPx;
  const narrow = width < sidebarCollapseBelowPx;
  const [userCollapsed, setUserCollapsed] = useState<boolean | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();
  const supportPhone = useSupportPhone();

  // the window crossed the 1000 px line: follow it again
  useEffect(() => setUserCollapsed(null), [narrow]);
  useEffect(() => setDrawerOpen(false), [pathname]);

  const collapsed = userCollapsed ?? narrow;
  useKeyboardScrollableTables();
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);

  return (
    <Layout className="app-layout">
      {/* what shows over the screen as it arrives (the rep's reminder before a visit) */}
      <NotificationPopups />
      {phone ? (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={closeDrawer}
          size={300}
          title={<Brand />}
          className="sidebar-drawer"
          styles={{ body: { padding: 0 } }}
        >
          <Suspense fallback={null}>
            <SidebarMenu onNavigate={closeDrawer} />
          </Suspense>
        </Drawer>
      ) : (
        <Layout.Sider className="app-sider" width={260} collapsedWidth={64} collapsed={collapsed} trigger={null} theme="light">
          <Brand collapsed={collapsed} />
          <Suspense fallback={null}>
            <SidebarMenu collapsed={collapsed} />
          </Suspense>
        </Layout.Sider>
      )}
      <Layout className="app-main">
        <HeaderBar phone={phone} collapsed={collapsed} onMenuClick={phone ? () => setDrawerOpen(true) : () => setUserCollapsed(!collapsed)} />
        <Layout.Content className="app-content" id="main-content">
          <OfflineBanner />
          <Routes>
            {navRegistry.map((entry) => (
              <Route key={entry.id} path={entry.path} element={<Screen entry={entry} />} />
            ))}
            <Route path="*" element={<NotFound />} />
          </Routes>
        </Layout.Content>
        <Layout.Footer className="app-footer">
          <SupportPhone phone={supportPhone} />
          <Copyright />
        </Layout.Footer>
      </Layout>
    </Layout>
  );
}

/** One screen of the registry: its right checked, its title on the tab, its page or 'under development'. */
function Screen({ entry }: { entry: NavEntry }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const allowed = useNavAccess()(entry);
  const title = t(`nav:${entry.title}`);

  useEffect(() => {
    document.title = t('app.documentTitle', { page: title });
  }, [t, title]);

  if (!allowed) return <NoAccess />;
  const Page = homeScreens.includes(entry.id) ? HomePage : entry.page;
  if (!Page) {
    return (
      <>
        <PageHeader title={title} />
        <UnderDevelopment />
      </>
    );
  }
  // one page that throws shows what failed; the sidebar and header go on working (issue 13 item 20)
  return (
    <PageErrorBoundary resetKey={pathname}>
      <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
        <Page />
      </Suspense>
    </PageErrorBoundary>
  );
}
