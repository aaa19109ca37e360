import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useCan } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { BanksEditor } from '../components/banks-editor';
import { MyTests } from '../components/my-tests';
import { TeamResults } from '../components/team-results';
import { TestsEditor } from '../components/tests-editor';

/** /testing: my tests; for whoever sees others (scope team or all) the results and weak questions; for managers the tests and banks. */
export function TestingPage() {
  const { t } = useTranslation(['testing', 'nav']);
  const canManage = useCan('testing.edit');
  const scope = useSession().user?.scope;
  const [params, setParams] = useSearchParams();
  const items = [
    { key: 'my', label: t('tabs.my'), children: <MyTests /> },
    ...(canManage || scope !== 'own' ? [{ key: 'results', label: t('tabs.results'), children: <TeamResults canManage={canManage} /> }] : []),
    ...(canManage
      ? [
          { key: 'tests', label: t('tabs.tests'), children: <TestsEditor /> },
          { key: 'banks', label: t('tabs.banks'), children: <BanksEditor /> },
        ]
      : []),
  ];
  const tab = items.some((i) => i.key === params.get('tab')) ? params.get('tab')! : 'my';
  return (
    <div>
      <PageHeader title={t('nav:titles.testing')} />
      <Tabs activeKey={tab} items={items} onChange={(key) => setParams(key === 'my' ? {} : { tab: key })} destroyOnHidden />
    </div>
  );
}
