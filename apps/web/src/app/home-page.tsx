import { MainPage } from '../features/visits/routes/main-page';
import { useSession } from '../lib/session';
import { findEntry, mainScreenOf, useNavAccess } from './nav-registry';

/** / and /main: the main screen of the user's role (`mainScreenOf`), else the visits day or the shortcuts. */
export function HomePage() {
  const role = useSession().user?.role;
  const allowed = useNavAccess();
  const own = role ? findEntry(mainScreenOf[role] ?? '') : undefined;
  if (own?.page && allowed(own)) {
    const Page = own.page;
    return <Page />;
  }
  return <MainPage />;
}
