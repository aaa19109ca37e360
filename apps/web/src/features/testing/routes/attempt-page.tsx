import { Button, Skeleton } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { useAttempt } from '../api/testing-api';
import { AttemptResult } from '../components/attempt-result';
import { AttemptRunner } from '../components/attempt-runner';
import '../testing.css';

/** /testing/attempts/:id: an open attempt is taken here; a finished one shows its result. */
export function AttemptPage() {
  const { t } = useTranslation(['testing', 'nav']);
  const id = Number(useParams().id) || 0;
  const me = useSession().user?.id;
  const attempt = useAttempt(id);
  return (
    <div className="testing-attempt">
      <PageHeader
        title={t('nav:titles.testingAttempt')}
        extra={
          <Link to={paths.testing}>
            <Button icon={<ArrowLeftOutlined />}>{t('take.toList')}</Button>
          </Link>
        }
      />
      {attempt.isError ? <QueryError error={attempt.error} onRetry={() => void attempt.refetch()} /> : null}
      {attempt.isPending ? <Skeleton active /> : null}
      {attempt.data ? (
        attempt.data.finishedAt ? (
          <AttemptResult attempt={attempt.data} own={attempt.data.userId === me} />
        ) : (
          <AttemptRunner key={attempt.data.id} attempt={attempt.data} onFinished={() => void attempt.refetch()} />
        )
      ) : null}
    </div>
  );
}
