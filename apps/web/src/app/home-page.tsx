import { lazy } from 'react';
import { useSession } from '../lib/session';
import { findEntry, mainScreenOf, useNavAccess } from './nav-registry';
import { Shortcuts } from './shortcuts';

const MainPage = lazy(() => import('../features/visits/routes/main-page').then((m) => ({ default: m.MainPage })));

/** / and /main: the main screen of the user's role (`mainScreenOf`), else the visits day or the shortcuts. */
export function HomePage() {
  const role = useSession().user?.role;
  const allowed = useNavAccess();
  const screen = role ? mainScreenOf[role] : undefined;
  const own = screen ? findEntry(screen) : undefined;
  if (own?.page && allowed(own)) {
    const Page = own.page;
    return <Page />;
  }
  return <MainPage shortcuts={<Shortcuts />} />;
}
